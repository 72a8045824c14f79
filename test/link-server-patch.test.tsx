import fs from "node:fs";
import { createRequire } from "node:module";
import { type Context, createElement as h, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test } from "vitest";

// patches/@remix-run+react+*.patch renders, on the server, a <Link> that prefetches nothing as
// its <a> alone, skipping the hooks react-router-dom's <Link> sets up for the browser. The HTML
// must be exactly what the full <Link> renders (the browser hydrates it with the full one).
// With a `document`, the patched copy takes the full path: that is the reference.

const require = createRequire(import.meta.url);
const remix = require("@remix-run/react") as { Link: ((props: Record<string, unknown>) => ReactNode) & { render: unknown } };
const routerDom = require("react-router-dom") as {
  MemoryRouter: (props: { basename?: string; initialEntries: string[]; children?: ReactNode }) => ReactNode;
  Routes: (props: { children?: ReactNode }) => ReactNode;
  Route: (props: { path?: string; element?: ReactNode; children?: ReactNode }) => ReactNode;
  Link: { render: (...args: unknown[]) => unknown };
  UNSAFE_NavigationContext: Context<{ basename: string; navigator: { createHref: (to: unknown) => string } }>;
};

const LINKS: Record<string, unknown>[] = [
  { to: "/user/contacts", children: "Contacts" },
  { to: "edit/7", className: "button button--small", children: "Edit" },
  { to: "../3?back=%2Fuser%2Fcontacts%3Fq%3D%C3%A9", "aria-label": "Invite Zoë 李", children: "Invite" },
  { to: "?page=2", rel: "next", children: "Next" },
  { to: "#comments", children: "Comments" },
  { to: { pathname: "/user/events", search: "?past=1", hash: "#top" }, children: "Past events" },
  { to: "/user/files/a b.pdf", reloadDocument: true, children: "Download" },
  { to: "/user/members/3", target: "_blank", replace: true, state: { from: "x" }, preventScrollReset: true, children: "Profile" },
  { to: "/user", discover: "none", style: { color: "red" }, "data-testid": "home", onClick: () => undefined, children: h("span", null, "Home") },
  { to: "/user/offers", prefetch: "intent", children: "Offers" },
  { to: "..", relative: "path", children: "Up" },
  { to: "https://example.com/a", children: "Elsewhere" },
  { to: "", id: "self", title: "This page", children: ["a", "b"] },
  // From the site's root: the href is the address itself, except where useHref normalises the
  // path or drops a bare "?" or "#".
  { to: "/user/contacts?q=Zo%C3%AB%20%E6%9D%8E&sort=name#list", children: "Search" },
  { to: "/user/./contacts/../events//3/", children: "Odd path" },
  { to: "/user/events/3/?from=/./x//y#/../z", children: "Odd query" },
  { to: "/user/contacts?", children: "Bare query" },
  { to: "/user/contacts#", children: "Bare hash" },
  { to: "/user/contacts?#top", children: "Bare query, hash" },
  { to: "/user/contacts#a?", children: "Hash ending in ?" },
];

/** The addresses useHref printed (it asks the router's navigator for each). */
let printed: unknown[] = [];
function CountingHrefs({ children }: { children?: ReactNode }) {
  const navigation = useContext(routerDom.UNSAFE_NavigationContext);
  const navigator = { ...navigation.navigator, createHref: (to: unknown) => (printed.push(to), navigation.navigator.createHref(to)) };
  return h(routerDom.UNSAFE_NavigationContext.Provider, { value: { ...navigation, navigator } }, children);
}

function page(basename?: string) {
  const links = h(CountingHrefs, null, h("nav", null, ...LINKS.map((props, index) => h(remix.Link, { key: index, ...props }))));
  return renderToString(
    h(
      routerDom.MemoryRouter,
      { basename, initialEntries: [`${basename ?? ""}/user/contacts/5?q=a`] },
      h(routerDom.Routes, null, h(routerDom.Route, { path: "user/contacts/:id", element: links })),
    ),
  );
}

const withDocument = globalThis as { document?: unknown };
afterEach(() => {
  delete withDocument.document;
});

test("the server's copy of Remix's Link carries the patch", () => {
  expect(fs.readFileSync(require.resolve("@remix-run/react/dist/components.js"), "utf8")).toContain('typeof document === "undefined" && prefetch === "none"');
});

test("a link renders the same HTML on the fast path as through react-router-dom's Link", () => {
  const original = routerDom.Link.render;
  let full: unknown[] = [];
  routerDom.Link.render = (...args: unknown[]) => {
    full.push((args[0] as { to: unknown }).to);
    return original(...args);
  };
  try {
    printed = [];
    const fast = page();
    // prefetch "intent", relative="path" and an absolute URL take the full path.
    expect(full).toEqual(["/user/offers", "..", "https://example.com/a"]);
    // An address from the root is printed as it is, without useHref, unless useHref would change it.
    const fromRoot = (to: unknown) => typeof to === "string" && to.startsWith("/") && !/[?#]$|\?#/.test(to) && !/\/\/|\/\./.test(to.split(/[?#]/)[0]);
    const resolved = LINKS.filter((props) => !full.includes(props.to) && !fromRoot(props.to));
    expect(printed).toHaveLength(2 * full.length + resolved.length);
    withDocument.document = {};
    full = [];
    const reference = page();
    expect(full).toEqual(LINKS.map((props) => props.to));
    expect(fast).toContain('href="/user/contacts/5/edit/7"');
    expect(fast).toBe(reference);
  } finally {
    routerDom.Link.render = original;
  }
});

test("with a basename, links from the root are resolved as react-router-dom's Link resolves them", () => {
  const fast = page("/club");
  withDocument.document = {};
  const reference = page("/club");
  expect(fast).toContain('href="/club/user/contacts?q=Zo%C3%AB%20%E6%9D%8E&amp;sort=name#list"');
  expect(fast).toBe(reference);
});
