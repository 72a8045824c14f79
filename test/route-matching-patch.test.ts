import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import remixConfig from "../remix.config.js";

// patches/ (applied by patch-package on npm install) keep the server's route matching from
// growing with the number of routes. These tests load the very files the server loads (the
// CommonJS builds, through the packages that require them) and fail when the patches are not
// applied; the router's untouched UMD build is the reference for what a match must be.

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type Router = { matchRoutes(routes: Route[], location: string, basename?: string): Match[] | null };

const fromServerRuntime = createRequire(createRequire(import.meta.url).resolve("@remix-run/server-runtime"));
const router = fromServerRuntime("@remix-run/router") as Router;
const reference = fromServerRuntime("@remix-run/router/dist/router.umd.min.js") as Router;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** The app's route tree, as remix.config.js declares it. */
async function appRoutes(): Promise<Route[]> {
  const manifest = await (remixConfig as unknown as { routes: () => Promise<Record<string, ManifestRoute>> }).routes();
  const tree = (parentId: string): Route[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = tree(route.id);
        return { id: route.id, path: route.path, index: route.index, ...(children.length ? { children } : {}) };
      });
  return [{ id: "root", path: "", children: tree("root") }];
}

/** A pathname for every route (params filled in), and a few that match nothing or differ in case. */
function pathnamesOf(routes: Route[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    const filled = own.replace(/:[\w-]+/g, "42").replace(/\*$/, "a/b");
    return [filled || "/", ...pathnamesOf(route.children ?? [], own)];
  });
}

/** Counts `new RegExp` while `run` runs. */
function regExpsMadeBy(run: () => void) {
  const Original = globalThis.RegExp;
  let made = 0;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args) {
      made++;
      return Reflect.construct(target, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.RegExp = Original;
  }
  return made;
}

/** A routes array that counts how often the router walks it (flattenRoutes does, per call unpatched). */
function countingWalks(routes: Route[]) {
  const counter = { walks: 0 };
  const proxy = new Proxy(routes, {
    get(target, key, receiver) {
      if (key === "forEach") counter.walks++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { routes: proxy, counter };
}

const strip = (matches: Match[] | null) => matches?.map(({ params, pathname, pathnameBase, route }) => ({ params, pathname, pathnameBase, id: route.id }));

describe("route matching on the server (patches/@remix-run+router)", () => {
  test("matches every address of the app exactly as the unpatched router does, first call and repeated", async () => {
    const routes = await appRoutes();
    const pathnames = [
      ...pathnamesOf(routes),
      "/",
      "/nowhere/at/all",
      "/USER/Contacts",
      "/user/contacts/",
      "/user//contacts",
      "/user/contacts/%E2%9C%93",
      "/user/contacts/a%2Fb",
    ];
    expect(pathnames.length).toBeGreaterThan(100);
    for (const round of [1, 2]) {
      for (const pathname of pathnames) {
        expect(strip(router.matchRoutes(routes, pathname)), `${pathname} (round ${round})`).toEqual(strip(reference.matchRoutes(routes, pathname)));
      }
    }
  });

  test("a repeated request neither walks the route tree again nor compiles a RegExp", async () => {
    const { routes, counter } = countingWalks(await appRoutes());
    router.matchRoutes(routes, "/user/contacts/42/documents");
    router.matchRoutes(routes, "/user/timeline");
    const walks = counter.walks;
    const made = regExpsMadeBy(() => {
      for (let i = 0; i < 5; i++) {
        router.matchRoutes(routes, "/user/contacts/42/documents");
        router.matchRoutes(routes, "/user/timeline");
        router.matchRoutes(routes, "/user/contacts/43/documents"); // a new pathname: the ranked branches and compiled paths are reused
      }
    });
    expect(counter.walks).toBe(walks);
    expect(made).toBe(0);
  });

  test("every call gets its own match objects: a caller changing its params changes no other request's", async () => {
    const routes = await appRoutes();
    const first = router.matchRoutes(routes, "/user/contacts/42/documents")!;
    first[first.length - 1].params.contactId = "changed";
    first.pop();
    const second = router.matchRoutes(routes, "/user/contacts/42/documents")!;
    expect(second[second.length - 1].params.contactId).toBe("42");
    expect(second.length).toBe(first.length + 1);
    expect(second).not.toBe(first);
  });

  test("a route tree changed in place (lazy discovery's patchRoutes) is matched afresh", () => {
    const { createRouter, createMemoryHistory } = router as unknown as {
      createRouter: (init: object) => { routes: Route[]; patchRoutes: (id: string, children: Route[]) => void; dispose(): void };
      createMemoryHistory: () => unknown;
    };
    const live = createRouter({ routes: [{ id: "root", path: "", children: [{ id: "a", path: "a" }] }], history: createMemoryHistory() });
    expect(router.matchRoutes(live.routes, "/b")).toBeNull();
    live.patchRoutes("root", [{ id: "b", path: "b" }]);
    expect(strip(router.matchRoutes(live.routes, "/b"))?.map((match) => match.id)).toEqual(["root", "b"]);
    live.dispose();
  });
});

describe("route objects made once per build (patches/@remix-run+react, react-router-dom, @remix-run+server-runtime)", () => {
  test("the static router reuses its data routes for the same routes array", () => {
    const { createStaticRouter } = fromServerRuntime("react-router-dom/server") as {
      createStaticRouter: (routes: Route[], context: object) => { routes: Route[] };
    };
    const routes: Route[] = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    const context = { matches: [], location: { pathname: "/" }, basename: "/", loaderData: {}, actionData: null, errors: null };
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
  });

  test("a build's route modules table is made once", () => {
    const { createEntryRouteModules } = fromServerRuntime("@remix-run/server-runtime/dist/entry.js") as {
      createEntryRouteModules: (manifest: object) => object;
    };
    const build = { root: { module: {} }, "routes/a": { module: {} } };
    expect(createEntryRouteModules(build)).toBe(createEntryRouteModules(build));
  });
});

describe("loaders of a GET share its request (patches/@remix-run+server-runtime)", () => {
  type Loader = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
  const { callRouteLoader } = fromServerRuntime("@remix-run/server-runtime/dist/data.js") as {
    callRouteLoader: (args: {
      request: Request;
      loader: Loader;
      params: object;
      loadContext: object;
      routeId: string;
      singleFetch: boolean;
    }) => Promise<unknown>;
  };
  async function requestSeenBy(request: Request) {
    let seen: Request | undefined;
    await callRouteLoader({
      request,
      loader: async (args) => {
        seen = args.request;
        return null;
      },
      params: {},
      loadContext: {},
      routeId: "routes/x",
      singleFetch: false,
    });
    return seen!;
  }

  test("a GET without index or _data is passed on as it is", async () => {
    const request = new Request("http://chapter.test/user/contacts?q=ann&sort=name");
    expect(await requestSeenBy(request)).toBe(request);
  });

  test("the parameters Remix strips are still stripped, whatever their spelling", async () => {
    for (const url of [
      "http://chapter.test/user?index",
      "http://chapter.test/user?_data=routes%2Fuser",
      "http://chapter.test/user?%69ndex=",
      "http://chapter.test/user?a=1&%5Fdata=x",
    ]) {
      const seen = await requestSeenBy(new Request(url));
      expect(new URL(seen.url).search, url).toBe(url.includes("a=1") ? "?a=1" : "");
    }
    const post = new Request("http://chapter.test/user", { method: "POST", body: "a=1" });
    expect(await requestSeenBy(post)).not.toBe(post);
  });
});
