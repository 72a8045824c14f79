import { createRequire } from "node:module";
import { afterEach, describe, expect, test, vi } from "vitest";

// patches/@remix-run+router+1.23.3.patch: a loader's json() answer is parsed from the text it
// was made of, not read back through the Response's stream. Loaded as the server loads it
// (the CommonJS build, through @remix-run/server-runtime); fails when the patch is missing.

type Handler = {
  query(request: Request): Promise<{ loaderData: Record<string, unknown> } | Response>;
  queryRoute(request: Request, options: { routeId: string }): Promise<Response>;
};
type Router = {
  json(data: unknown, init?: ResponseInit): Response;
  createStaticHandler(routes: { id: string; path: string; loader: () => unknown }[]): Handler;
};

const fromServerRuntime = createRequire(createRequire(import.meta.url).resolve("@remix-run/server-runtime"));
const router = fromServerRuntime("@remix-run/router") as Router;

const DATA = { when: new Date(Date.UTC(2026, 10, 27)), gone: undefined, list: [1, "two", null], name: "Zoë 李 🌍" };
const AS_JSON = JSON.parse(JSON.stringify(DATA));

function handlerFor(loader: () => unknown) {
  return router.createStaticHandler([{ id: "page", path: "/", loader }]);
}

afterEach(() => vi.restoreAllMocks());

describe("a loader's json() data on a page request", () => {
  test("is the JSON of what the loader gave, parsed without reading the Response's body", async () => {
    const read = vi.spyOn(Response.prototype, "json");
    const context = await handlerFor(() => router.json(DATA, { headers: { "X-Kept": "yes" } })).query(new Request("http://club.example/"));
    expect(context).not.toBeInstanceOf(Response);
    expect((context as { loaderData: Record<string, unknown> }).loaderData.page).toEqual(AS_JSON);
    expect(read).not.toHaveBeenCalled();
  });

  test("a Response made otherwise is read as before", async () => {
    const made = new Response(JSON.stringify(DATA), { headers: { "Content-Type": "application/json" } });
    const context = await handlerFor(() => made).query(new Request("http://club.example/"));
    expect((context as { loaderData: Record<string, unknown> }).loaderData.page).toEqual(AS_JSON);
  });

  test("a data request still gets the whole body", async () => {
    const response = await handlerFor(() => router.json(DATA)).queryRoute(new Request("http://club.example/"), { routeId: "page" });
    expect(await response.json()).toEqual(AS_JSON);
  });
});
