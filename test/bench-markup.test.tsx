// The bench's same-markup floor (test/bench/markup.ts) gives React back the markup it read: a
// page's body, parsed and rendered again, is the same bytes.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bodyMarkup, markupElement } from "./bench/markup";

function page() {
  return (
    <html lang="en">
      <head>
        <title>Markup</title>
      </head>
      <body>
        <main className="page" id="main">
          <h1>
            Contacts {3} of {"<10> & \"more\" 'quoted'"}
          </h1>
          <a href="/user/profile?cicid=1&amp;x=2" data-discover="true" aria-label="Ana &amp; Bo">
            Ana Baker 1104 · 🎉 Zoë 张伟
          </a>
          <form method="post" noValidate>
            <input name="q" readOnly autoFocus />
            <input type="hidden" name="csrf" value="a&b" />
            <input type="checkbox" name="is_important" defaultChecked required aria-label="Mark" />
            <textarea name="message" rows={2} maxLength={2000} defaultValue={"Line <one>\nLine two"} />
            <select name="sort" defaultValue="newest">
              <option value="name">Name</option>
              <option value="newest">Newest first</option>
            </select>
            <button type="submit" disabled>
              Save
            </button>
          </form>
          <details className="menu" open>
            <summary>
              More<span className="visually-hidden"> for {"Ana"}</span>
            </summary>
            <ul>
              <li>
                <time dateTime="2025-01-14T21:15:00.000Z">14 Jan 2025</time>
              </li>
            </ul>
          </details>
          <br />
          <img src="/a.png" alt="" width={64} height={64} />
        </main>
        <script dangerouslySetInnerHTML={{ __html: 'window.__x = {"a":"<\\/script>","b":1 < 2};' }} />
      </body>
    </html>
  );
}

describe("the bench's same-markup floor", () => {
  it("renders a page's body back to the same bytes", () => {
    const html = renderToString(page());
    const body = html.slice(html.indexOf(">", html.indexOf("<body")) + 1, html.lastIndexOf("</body>"));
    const again = renderToString(<div>{bodyMarkup(html).map(markupElement)}</div>);
    expect(again).toBe(`<div>${body}</div>`);
  });

  it("keeps every element of the page", () => {
    const html = renderToString(page());
    const count = (nodes: ReturnType<typeof bodyMarkup>): number =>
      nodes.reduce<number>((sum, node) => sum + (typeof node === "string" ? 0 : 1 + count(node.children)), 0);
    expect(count(bodyMarkup(html))).toBe((html.slice(html.indexOf("<body")).match(/<[a-z]/g) ?? []).length - 1);
  });
});
