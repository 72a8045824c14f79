import fs from "node:fs";
import { createRequire } from "node:module";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test } from "vitest";

// patches/react-router-dom+*.patch: on the server, a form whose action is an address from the
// site's root is given that address as it is (useFormAction would resolve it and print it back
// the same), as Remix's <Link> is (test/link-server-patch.test.tsx). The server loads the
// production build; with a `document` the patched copy resolves every action: the reference.

const require = createRequire(import.meta.url);
const PRODUCTION = require.resolve("react-router-dom/dist/umd/react-router-dom.production.min.js");
const { Form } = require(PRODUCTION) as { Form: (props: Record<string, unknown>) => ReactNode };
// A data router, as Remix renders with (react-router's contexts are shared by both builds).
const server = require("react-router-dom/server") as {
  createStaticHandler: (routes: unknown[], options?: { basename?: string }) => { dataRoutes: unknown[]; query: (request: Request) => Promise<unknown> };
  createStaticRouter: (routes: unknown[], context: unknown) => unknown;
  StaticRouterProvider: (props: { router: unknown; context: unknown; hydrate: boolean }) => ReactNode;
};

const ACTIONS: (string | undefined)[] = [
  "/user/contacts/change_isImportant",
  "/user/timeline/7/comment?back=%2Fuser%2Ftimeline#post-7",
  "/user/./contacts/../events//3/",
  "/user/contacts?",
  "/user/contacts#",
  "/user/contacts?#top",
  "edit",
  "../3?back=%2Fuser",
  "?page=2",
  ".",
  "",
  undefined,
  "https://example.com/a",
];

async function page(basename?: string) {
  const forms = h(
    "main",
    null,
    ...ACTIONS.map((action, index) => h(Form, { key: index, method: "post", action }, String(action))),
    h(Form, { key: "relative", method: "post", action: "..", relative: "path" }, "up"),
  );
  const handler = server.createStaticHandler([{ path: "/user/contacts/:id", children: [{ index: true, element: forms }] }], { basename });
  const context = await handler.query(new Request(`http://club.example${basename ?? ""}/user/contacts/5?q=a&index`));
  return renderToString(h(server.StaticRouterProvider, { router: server.createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

const withDocument = globalThis as { document?: unknown };
afterEach(() => {
  delete withDocument.document;
});

test("the server's copy of react-router-dom carries the patch", () => {
  expect(fs.readFileSync(PRODUCTION, "utf8")).toContain('if("undefined"==typeof document&&"/"===a&&chapterPlainPath(e))return e;');
});

test.each([undefined, "/club"])("with basename %s, every form's action is the one react-router-dom resolves", async (basename) => {
  const fast = await page(basename);
  withDocument.document = {};
  const reference = await page(basename);
  expect(fast).toContain(`action="${basename ?? ""}/user/contacts/change_isImportant"`);
  expect(fast).toBe(reference);
});
