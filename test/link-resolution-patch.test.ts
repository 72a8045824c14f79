import fs from "node:fs";
import { createRequire } from "node:module";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";

// patches/react-router+*.patch makes the production build the server loads resolve each
// address once per route match list during a render, instead of three times per <Link>. It
// must resolve exactly as the untouched development build does.

type RR = {
  MemoryRouter: (props: { initialEntries: string[]; children?: ReactNode }) => ReactNode;
  Routes: (props: { children?: ReactNode }) => ReactNode;
  Outlet: () => ReactNode;
  Route: (props: { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode }) => ReactNode;
  useHref: (to: unknown, options?: { relative?: "path" | "route" }) => string;
  useResolvedPath: (to: unknown, options?: { relative?: "path" | "route" }) => { pathname: string; search: string; hash: string };
};

const require = createRequire(import.meta.url);
const production = require("react-router/dist/umd/react-router.production.min.js") as RR;
const reference = require("react-router/dist/umd/react-router.development.js") as RR;

const TARGETS: { to: unknown; relative?: "path" | "route" }[] = [
  { to: "" },
  { to: "." },
  { to: ".." },
  { to: "../.." },
  { to: "../x?y=1" },
  { to: "edit/3" },
  { to: "7/category/real-estate?back=%2Fuser%2Fcontacts%3Fq%3Da" },
  { to: "?page=2" },
  { to: "#top" },
  { to: "/user/profile?cicid=7" },
  { to: "https://example.com/a" },
  { to: "a//b" },
  { to: "trailing/" },
  { to: { pathname: "a", search: "?b=1", hash: "#c" } },
  { to: "..", relative: "path" },
  { to: "../sibling", relative: "path" },
];

/** Every target resolved twice (the second from the patch's memory), in three routes. */
function render(rr: RR, url: string) {
  function Addresses({ name }: { name: string }) {
    const lines = TARGETS.flatMap(({ to, relative }) => {
      const href = rr.useHref(to, { relative });
      const again = rr.useHref(to, { relative });
      const path = rr.useResolvedPath(to, { relative });
      return [`${name} ${JSON.stringify(to)} ${relative ?? ""} -> ${href} ${again} ${path.pathname}${path.search}${path.hash}`];
    });
    return h("section", null, h("pre", null, lines.join("\n")), h(rr.Outlet));
  }
  return renderToString(
    h(
      rr.MemoryRouter,
      { initialEntries: [url] },
      h(
        rr.Routes,
        null,
        h(
          rr.Route,
          { path: "user", element: h(Addresses, { name: "user" }) },
          h(
            rr.Route,
            { path: "contacts", element: h(Addresses, { name: "contacts" }) },
            h(rr.Route, { path: "edit/:id", element: h(Addresses, { name: "edit" }) }),
          ),
          h(rr.Route, { path: "files/*", element: h(Addresses, { name: "splat" }) }),
        ),
      ),
    ),
  );
}

test("the server's react-router build carries the patch", () => {
  const source = fs.readFileSync(require.resolve("react-router/dist/umd/react-router.production.min.js"), "utf8");
  expect(source).toContain("chapterResolvedPath");
});

test.each(["/user/contacts/edit/7?q=a", "/user/contacts/", "/user/files/a/b.pdf"])("links resolve as the untouched build resolves them, at %s", (url) => {
  const html = render(production, url);
  expect(html).toContain("-&gt;");
  expect(html).toBe(render(reference, url));
});
