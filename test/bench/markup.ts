// A page's HTML (React's own output) read back into a tree, and made into React elements again,
// for the floor's same-markup route (floor/app/routes/markup.$name.tsx): what a bare Remix route
// costs when it renders exactly the markup a Chapter page sends (React writes the same bytes
// back: test/bench-markup.test.tsx). Reads React's output only (every attribute quoted with ",
// void elements without a closing tag), not HTML at large.
import { createElement, type ReactNode } from "react";

export type MarkupNode = string | { type: string; props: Record<string, unknown>; children: MarkupNode[] };

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW = new Set(["script", "style"]);
// Attributes React writes only when true, by the prop that writes them; the rest are given to
// React as the text they were.
const BOOLEAN: Record<string, string> = Object.fromEntries(
  ["async", "checked", "defer", "disabled", "hidden", "multiple", "noValidate", "open", "readOnly", "required", "selected", "autoFocus"].map((prop) => [
    prop.toLowerCase(),
    prop,
  ]),
);
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]);

function propsOf(attributes: string) {
  const props: Record<string, unknown> = {};
  for (const [, name, value] of attributes.matchAll(/\s([^\s="/>]+)(?:="([^"]*)")?/g)) {
    // A style attribute would need its text turned back into an object; Chapter's pages have none that matter here.
    if (name === "style") continue;
    if (name in BOOLEAN) props[BOOLEAN[name]] = true;
    else props[name] = unescape(value ?? "");
  }
  return props;
}

/** The elements inside `<body>` (scripts kept as their text). */
export function bodyMarkup(html: string): MarkupNode[] {
  const start = html.indexOf(">", html.indexOf("<body")) + 1;
  const end = html.lastIndexOf("</body>");
  const body = html.slice(start, end);
  const root: MarkupNode[] = [];
  const open: { type: string; props: Record<string, unknown>; children: MarkupNode[] }[] = [];
  const add = (node: MarkupNode) => (open.length ? open[open.length - 1].children : root).push(node);
  const tag = /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s="/>]+(?:="[^"]*")?)*)\s*\/?>/g;
  let at = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    if (match.index > at) add(unescape(body.slice(at, match.index)));
    at = tag.lastIndex;
    const [whole, closing, name, attributes] = match;
    if (whole.startsWith("<!--")) continue;
    if (closing) {
      open.pop();
      continue;
    }
    const element = { type: name, props: propsOf(attributes ?? ""), children: [] as MarkupNode[] };
    if (RAW.has(name)) {
      const close = body.indexOf(`</${name}>`, at);
      element.props.dangerouslySetInnerHTML = { __html: body.slice(at, close) };
      at = close + name.length + 3;
      tag.lastIndex = at;
      add(element);
    } else if (VOID.has(name)) add(element);
    else {
      add(element);
      open.push(element);
    }
  }
  return root;
}

/** The node as React elements, made afresh (as a page's components make theirs on every request). */
export function markupElement(node: MarkupNode, key: number): ReactNode {
  if (typeof node === "string") return node;
  const children = node.children.map(markupElement);
  if (node.type === "textarea") return createElement("textarea", { ...node.props, key, defaultValue: children.join("") });
  return createElement(node.type, { ...node.props, key }, ...(children.length ? [children] : []));
}
