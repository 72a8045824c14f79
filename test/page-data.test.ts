import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { afterEach, describe, expect, test, vi } from "vitest";
import { pageData } from "~/lib/page-data.server";

// app/lib/page-data.server.ts and patches/@remix-run+server-runtime+2.17.5.patch: a loader's
// plain data goes to the page as it is (no json() Response to parse back), a data request
// still gets JSON, and data that JSON would change is refused outside production.

const DATA = { name: "Zoë 李 🌍", count: 3, list: [1, "two", null], nested: { ok: true } };

/** The smallest build Remix serves: one root route whose page answers with the loader data it
 * was handed (the very object, so that a copy made through JSON is told apart). */
function serverOf(loader: () => unknown) {
  let handed: unknown;
  const build = {
    mode: "production",
    future: { v3_singleFetch: false },
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { loaderData: Record<string, unknown> } }) => {
          handed = context.staticHandlerContext.loaderData.root;
          return new Response("page", { status, headers });
        },
      },
    },
    routes: { root: { id: "root", path: "", module: { default: () => null, loader } } },
    assets: {
      url: "/build/manifest.js",
      version: "1",
      entry: { module: "/build/entry.js", imports: [] },
      routes: { root: { id: "root", path: "", module: "/build/root.js", hasLoader: true, hasAction: false, hasErrorBoundary: false, imports: [] } },
    },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return { handle: (path: string) => handle(new Request(`http://club.example${path}`)), handed: () => handed };
}

afterEach(() => vi.unstubAllEnvs());

describe("a loader's plain data", () => {
  test("a page request hands it to the page as it is", async () => {
    const server = serverOf(() => DATA);
    for (const path of ["/", "/?page=2&q=ana"]) {
      expect((await server.handle(path)).status).toBe(200);
      expect(server.handed()).toBe(DATA);
    }
  });

  test("a data request still gets it as JSON", async () => {
    const response = await serverOf(() => DATA).handle("/?_data=root");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(DATA);
  });

  test("a query with a %-escape (which could spell _data) is answered the old way: parsed from JSON", async () => {
    const server = serverOf(() => DATA);
    await server.handle("/?q=caf%C3%A9");
    expect(server.handed()).toEqual(DATA);
    expect(server.handed()).not.toBe(DATA);
  });
});

describe("pageData", () => {
  test("gives JSON-plain data back as it is", () => {
    expect(pageData(DATA)).toBe(DATA);
    expect(pageData(null)).toBe(null);
  });

  test.each([
    ["a Date", { when: new Date(0) }],
    ["an undefined field", { gone: undefined }],
    ["NaN", { amount: Number.NaN }],
    ["a class instance", { place: new URL("http://club.example") }],
    ["a Map", { byId: new Map([[1, "a"]]) }],
  ])("refuses %s outside production (the browser would hydrate from something else)", (_what, data) => {
    expect(() => pageData(data)).toThrow(/not the same once through JSON/);
  });

  test("does not check in production", () => {
    vi.stubEnv("NODE_ENV", "production");
    const data = { when: new Date(0) };
    expect(pageData(data)).toBe(data);
  });
});
