import fs from "node:fs";
import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/server-runtime";
import { createRequestHandler } from "@remix-run/server-runtime";
import { createElement as h, type ReactNode } from "react";
import { expect, test } from "vitest";

// patches/@remix-run+react+*.patch keeps, per build, the script <Scripts> writes with the
// page's route modules and lazy route discovery's partial manifest (it depends only on the
// address's path and the routes it matched), and the <link> tags <Links> writes (only on the
// routes matched), instead of gathering them again for every page. Each page must still get its
// own: its routes, and for the manifest those of each shorter path.

const require = createRequire(import.meta.url);
const remix = require("@remix-run/react") as {
  RemixServer: (props: { context: unknown; url: string }) => ReactNode;
  Scripts: () => ReactNode;
  Links: () => ReactNode;
  Outlet: () => ReactNode;
};
const { renderToString } = require("react-dom/server") as { renderToString: (element: ReactNode) => string };

type Route = { id: string; parentId?: string; path?: string; index?: boolean };
const ROUTES: Route[] = [
  { id: "root", path: "" },
  { id: "signin", parentId: "root", path: "signin" },
  { id: "user", parentId: "root", path: "user" },
  { id: "user-index", parentId: "user", index: true },
  { id: "contacts", parentId: "user", path: "contacts" },
  { id: "contacts-index", parentId: "contacts", index: true },
  { id: "contact", parentId: "contacts", path: ":contactId" },
  { id: "contact-new", parentId: "contacts", path: "new" },
  { id: "contact-edit", parentId: "contacts", path: ":contactId/edit" },
  { id: "layout", parentId: "user" },
  { id: "events", parentId: "layout", path: "events" },
];

/** Routes with stylesheets of their own: from their links() and from the build's CSS. */
const LINKS: Record<string, () => { rel: string; href: string }[]> = {
  root: () => [{ rel: "stylesheet", href: "/build/root.css" }],
  user: () => [{ rel: "stylesheet", href: "/build/user.css" }],
  "contact-new": () => [{ rel: "stylesheet", href: "/build/new.css" }],
};
const CSS: Record<string, string[]> = { contacts: ["/build/contacts.css"], events: ["/build/events.css"] };

/** A build of these routes whose pages are the root's <Links> and <Scripts> (lazy route discovery on, as Chapter's). */
function buildOf(): ServerBuild {
  const module = (route: Route) =>
    route.id === "root"
      ? { links: LINKS.root, default: () => h("html", null, h("head", null, h(remix.Links)), h("body", null, h(remix.Outlet), h(remix.Scripts))) }
      : { links: LINKS[route.id], default: () => h(remix.Outlet) };
  return {
    mode: "production",
    future: { v3_singleFetch: false, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: unknown) =>
          new Response(renderToString(h(remix.RemixServer, { context, url: request.url })), { status, headers }),
      },
    },
    routes: Object.fromEntries(ROUTES.map((route) => [route.id, { ...route, module: module(route) }])),
    assets: {
      url: "/build/manifest-1.js",
      version: "1",
      entry: { module: "/build/entry.js", imports: [] },
      routes: Object.fromEntries(
        ROUTES.map((route) => [
          route.id,
          { ...route, module: `/build/${route.id}.js`, css: CSS[route.id], imports: [], hasLoader: false, hasAction: false, hasErrorBoundary: false },
        ]),
      ),
    },
  } as unknown as ServerBuild;
}

async function pageOf(handle: (request: Request) => Promise<Response>, path: string) {
  const page = await (await handle(new Request(`http://club.example${path}`))).text();
  const head = /<head>([\s\S]*?)<\/head>/.exec(page)?.[1] ?? "";
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
  const manifest = JSON.parse(/window\.__remixManifest = (\{[\s\S]*?\});\n/.exec(script)?.[1] ?? "null") as { routes: Record<string, unknown> } | null;
  return {
    head,
    script,
    stylesheets: [...head.matchAll(/<link rel="stylesheet" href="\/build\/([^"]+)\.css"\/>/g)].map((match) => match[1]),
    imports: [...script.matchAll(/import \* as route\d+ from "\/build\/([^"]+)\.js"/g)].map((match) => match[1]),
    routes: Object.keys(manifest?.routes ?? {}).sort(),
  };
}

const CONTACT = ["contact", "contacts", "contacts-index", "root", "user", "user-index"];
const PAGES: Record<string, { imports: string[]; routes: string[]; stylesheets: string[] }> = {
  "/signin": { imports: ["root", "signin"], routes: ["root", "signin"], stylesheets: ["root"] },
  "/user": { imports: ["root", "user", "user-index"], routes: ["root", "user", "user-index"], stylesheets: ["root", "user"] },
  "/user/contacts": {
    imports: ["root", "user", "contacts", "contacts-index"],
    routes: ["contacts", "contacts-index", "root", "user", "user-index"],
    stylesheets: ["root", "user", "contacts"],
  },
  "/user/contacts/5": { imports: ["root", "user", "contacts", "contact"], routes: CONTACT, stylesheets: ["root", "user", "contacts"] },
  "/user/contacts/6": { imports: ["root", "user", "contacts", "contact"], routes: CONTACT, stylesheets: ["root", "user", "contacts"] },
  // The same routes matched as the next, but "/user/contacts/new" is a page of its own: the path counts too.
  "/user/contacts/new/edit": {
    imports: ["root", "user", "contacts", "contact-edit"],
    routes: ["contact-edit", "contact-new", "contacts", "contacts-index", "root", "user", "user-index"],
    stylesheets: ["root", "user", "contacts"],
  },
  "/user/contacts/7/edit": {
    imports: ["root", "user", "contacts", "contact-edit"],
    routes: ["contact", "contact-edit", "contacts", "contacts-index", "root", "user", "user-index"],
    stylesheets: ["root", "user", "contacts"],
  },
  "/user/events": {
    imports: ["root", "user", "layout", "events"],
    routes: ["events", "layout", "root", "user", "user-index"],
    stylesheets: ["root", "user", "events"],
  },
};

test("the server's copy of Remix's Scripts and Links carries the patch", () => {
  const source = fs.readFileSync(require.resolve("@remix-run/react/dist/components.js"), "utf8");
  expect(source).toContain("chapterRouteModulesScript(manifest, router, matches");
  expect(source).toContain("chapterKeyedLinks(matches, routeModules, manifest)");
});

test("each page's links and route modules script name its own routes, however often and in whatever order pages are asked for", async () => {
  const handle = createRequestHandler(buildOf(), "production");
  const order = [
    "/user/contacts/5",
    "/user",
    "/signin",
    "/user/contacts",
    "/user/contacts/6",
    "/user/contacts/7/edit",
    "/user/contacts/new/edit",
    "/user/events",
  ];
  order.push(...order.reverse());
  const first = new Map<string, string>();
  for (const path of order) {
    const { head, script, stylesheets, imports, routes } = await pageOf(handle, path);
    expect({ path, imports, routes, stylesheets }).toEqual({ path, ...PAGES[path] });
    // The manifest on one line, not indented: ~1 KB less on every page.
    expect(script).toMatch(/window\.__remixManifest = \{[^\n ]*\};\n/);
    // The same as a build that has served no other page.
    const cold = await pageOf(createRequestHandler(buildOf(), "production"), path);
    expect(script).toBe(cold.script);
    expect(head).toBe(cold.head);
    if (first.has(path)) expect(head + script).toBe(first.get(path));
    first.set(path, head + script);
  }
});
