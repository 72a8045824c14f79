import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, type ReactNode, Suspense, useId } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { FragmentStore } from "~/lib/render-cache.server";
import { CachedFragment, keepRenderedFragments, RenderCache } from "~/ui/render-cache";
import { CsrfInput } from "~/ui/csrf-input";

// patches/react-dom+18.3.1.patch: the production server renderer, which the built app loads,
// sends a kept fragment's HTML again for the same key (ui/render-cache.tsx). Every page must
// come out exactly as an uncached render makes it: what the browser hydrates is that HTML.
const require = createRequire(import.meta.url);
const production = require(path.resolve("node_modules/react-dom/cjs/react-dom-server-legacy.node.production.min.js")) as {
  renderToString: (element: React.ReactElement, options?: { identifierPrefix?: string }) => string;
  renderToStaticMarkup: (element: React.ReactElement) => string;
  renderToUtf8: (element: React.ReactElement) => Uint8Array;
};
const server = require("react-router-dom/server") as {
  createStaticHandler: (routes: unknown[]) => { dataRoutes: unknown[]; query: (request: Request) => Promise<unknown> };
  createStaticRouter: (routes: unknown[], context: unknown) => unknown;
  StaticRouterProvider: (props: { router: unknown; context: unknown; hydrate: boolean }) => ReactNode;
};

afterEach(() => keepRenderedFragments(undefined));

let renders = 0;
function Counted({ children }: { children?: ReactNode }) {
  renders++;
  return <>{children}</>;
}
function Labelled({ text }: { text: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{text}</label>
      <input id={id} />
    </>
  );
}
const cached = (key: string, children: ReactNode) => (
  <CachedFragment cacheKey={() => key}>
    <Counted>{children}</Counted>
  </CachedFragment>
);

// Each tree puts a fragment where a renderer's state matters: text on either side of it
// (React separates adjacent text with <!-- -->), ids from useId (from the place in the tree),
// a <select>'s value (which marks its options), the same key twice in one page.
const TREES: [string, (n: number) => React.ReactElement][] = [
  [
    "text on both sides",
    (n) => (
      <p>
        before {n}
        {cached(`a${n % 2}`, <>inside {n % 2}</>)}after
      </p>
    ),
  ],
  [
    "element first, text last",
    (n) => (
      <div>
        {n}
        {cached(
          "b",
          <>
            <b>x</b>tail
          </>,
        )}
        {"next"}
      </div>
    ),
  ],
  [
    "useId in a list",
    (n) => (
      <ul>
        {[0, 1, 2].slice(n % 3).map((i) => (
          <li key={i}>{cached("c", <Labelled text="same" />)}</li>
        ))}
      </ul>
    ),
  ],
  [
    "useId at other depths",
    (n) =>
      n % 2 ? (
        <div>{cached("d", <Labelled text="deep" />)}</div>
      ) : (
        <section>
          <div>
            <span>{cached("d", <Labelled text="deep" />)}</span>
          </div>
        </section>
      ),
  ],
  [
    "a select's value",
    (n) => (
      <select value={n % 2 ? "1" : "2"} onChange={() => {}}>
        {cached(
          "e",
          <>
            <option value="1">one</option>
            <option value="2">two</option>
          </>,
        )}
      </select>
    ),
  ],
  [
    "text or an element before it",
    (n) => (
      <p>
        {n % 2 ? "text" : <i />}
        {cached("g", "inside")}
      </p>
    ),
  ],
  [
    "the same key twice",
    () => (
      <div>
        {cached("f", "text")}
        {cached("f", "text")}
        <i />
        {cached("f", "text")}
      </div>
    ),
  ],
];

describe("a kept fragment (patches/react-dom: CachedFragment)", () => {
  test.each(TREES)("is the HTML an uncached render makes: %s", (_, tree) => {
    const uncached = [0, 1, 2, 3].map((n) => production.renderToString(tree(n)));
    const uncachedStatic = production.renderToStaticMarkup(tree(2));
    keepRenderedFragments(new FragmentStore(100_000));
    for (let round = 0; round < 3; round++) {
      for (const n of [0, 1, 2, 3]) expect(production.renderToString(tree(n))).toBe(uncached[n]);
    }
    expect(new TextDecoder().decode(production.renderToUtf8(tree(1)))).toBe(uncached[1]);
    expect(production.renderToStaticMarkup(tree(2))).toBe(uncachedStatic);
  });

  // Kept by renderToUtf8 (the app's renderer), a fragment is its UTF-8 bytes, sent as they are.
  test.each(TREES)("kept as bytes, is the HTML an uncached render makes: %s", (_, tree) => {
    const uncached = [0, 1, 2, 3].map((n) => production.renderToString(tree(n)));
    keepRenderedFragments(new FragmentStore(100_000));
    for (let round = 0; round < 3; round++) {
      for (const n of [0, 1, 2, 3]) expect(new TextDecoder("utf-8", { fatal: true }).decode(production.renderToUtf8(tree(n)))).toBe(uncached[n]);
    }
    for (const n of [0, 1, 2, 3]) expect(production.renderToString(tree(n))).toBe(uncached[n]);
  });

  test("is rendered once per key and place, then sent again", () => {
    keepRenderedFragments(new FragmentStore(100_000));
    renders = 0;
    const page = (name: string) => <main>{cached(`card ${name}`, <b>{name}</b>)}</main>;
    expect(production.renderToString(page("Ada"))).toBe("<main><b>Ada</b></main>");
    expect(production.renderToString(page("Ada"))).toBe("<main><b>Ada</b></main>");
    expect(renders).toBe(1);
    expect(production.renderToString(page("Bo"))).toBe("<main><b>Bo</b></main>");
    expect(renders).toBe(2);
    expect(production.renderToString(<main>{cached("card Ada", <b>Ada</b>)}</main>, { identifierPrefix: "x" })).toBe("<main><b>Ada</b></main>");
    expect(renders).toBe(3);
  });

  test("without a store, or a key, is rendered every time", () => {
    renders = 0;
    production.renderToString(cached("k", "a"));
    production.renderToString(cached("k", "a"));
    keepRenderedFragments(new FragmentStore(100_000));
    production.renderToString(
      <CachedFragment cacheKey={() => undefined}>
        <Counted />
      </CachedFragment>,
    );
    production.renderToString(
      <CachedFragment cacheKey={() => undefined}>
        <Counted />
      </CachedFragment>,
    );
    expect(renders).toBe(4);
  });

  test("keeps nothing of a render that throws", () => {
    keepRenderedFragments(new FragmentStore(100_000));
    let fail = true;
    function Flaky() {
      if (fail) throw new Error("render failed");
      return <b>ok</b>;
    }
    expect(() =>
      production.renderToString(
        cached(
          "flaky",
          <>
            <i>partial</i>
            <Flaky />
          </>,
        ),
      ),
    ).toThrow("render failed");
    fail = false;
    expect(
      production.renderToString(
        cached(
          "flaky",
          <>
            <i>partial</i>
            <Flaky />
          </>,
        ),
      ),
    ).toBe("<i>partial</i><b>ok</b>");
  });
});

test("a kept fragment's bytes are its multibyte letters whole, inside another kept fragment too", () => {
  const names = ["Zoë Åkesson", "李小龙", "Ngozi 🌍 Okafor", "👩🏽‍💼 Amara", "محمد"];
  const card = (name: string) =>
    cached(
      `card ${name}`,
      <li title={name}>
        {name}
        <b>★</b>
      </li>,
    );
  const tree = (n: number) => (
    <main>
      {names.slice(n).map((name) => (
        <div key={name}>
          {name}
          {card(name)}
        </div>
      ))}
      {cached(
        `list ${n}`,
        <ul>
          {names.slice(0, n + 1).map((name) => (
            <div key={name}>{card(name)}</div>
          ))}
        </ul>,
      )}
    </main>
  );
  const uncached = [0, 1, 2, 3, 4].map((n) => production.renderToString(tree(n)));
  const store = new FragmentStore(100_000);
  const kept: unknown[] = [];
  keepRenderedFragments({ get: (key) => store.get(key), set: (key, fragment) => (kept.push(fragment.html), store.set(key, fragment)) });
  const rendersByRound = [];
  for (let round = 0; round < 2; round++) {
    renders = 0;
    for (const n of [4, 0, 3, 1, 2]) {
      const bytes = production.renderToUtf8(tree(n));
      expect(bytes.includes(0)).toBe(false);
      expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toBe(uncached[n]);
      expect(production.renderToString(tree(n))).toBe(uncached[n]);
    }
    rendersByRound.push(renders);
  }
  // The second round sends every fragment as kept.
  expect(rendersByRound[0]).toBeGreaterThan(0);
  expect(rendersByRound[1]).toBe(0);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.every((html) => html instanceof Uint8Array)).toBe(true);
});

test("a fragment with a Suspense boundary in it is rendered every time (its HTML is not all in one place)", () => {
  keepRenderedFragments(new FragmentStore(100_000));
  const never = new Promise(() => {});
  function Waits(): React.ReactElement {
    throw never;
  }
  const tree = () => (
    <main>
      {cached(
        "suspends",
        <Suspense fallback={<i>wait</i>}>
          <Waits />
        </Suspense>,
      )}
    </main>
  );
  renders = 0;
  const first = production.renderToString(tree());
  expect(production.renderToString(tree())).toBe(first);
  expect(renders).toBe(2);
});

describe("RenderCache's key", () => {
  async function page(csrf: string, parts: unknown[], child: ReactNode) {
    const routes = [
      { id: "root", path: "/", loader: () => ({ csrf, member: { id: 1 }, timeZone: "UTC" }), element: <RenderCache parts={parts}>{child}</RenderCache> },
    ];
    const handler = server.createStaticHandler(routes);
    const context = await handler.query(new Request("http://club.example/"));
    return production.renderToString(
      h(server.StaticRouterProvider, { router: server.createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    );
  }

  test("holds the viewer's data (the anti-forgery token) and the parts given", async () => {
    keepRenderedFragments(new FragmentStore(100_000));
    const form = (name: string) => (
      <form>
        <CsrfInput />
        {name}
      </form>
    );
    expect(await page("token-a", ["Ada"], form("Ada"))).toContain('value="token-a"/>Ada');
    expect(await page("token-b", ["Ada"], form("Ada"))).toContain('value="token-b"/>Ada');
    expect(await page("token-a", ["Ada"], form("Ada"))).toContain('value="token-a"/>Ada');
    expect(await page("token-a", ["Bo"], form("Bo"))).toContain('value="token-a"/>Bo');
    // The same key is the same HTML: a part left out of the key would show its old value.
    expect(await page("token-a", ["Ada"], form("Changed"))).toContain('value="token-a"/>Ada');
  });

  test("keeps each viewer's parts apart when the names given to viewers start again (past 2,000)", async () => {
    keepRenderedFragments(new FragmentStore(10_000_000));
    const form = (
      <form>
        <CsrfInput />
        Ada
      </form>
    );
    expect(await page("token-first", ["Ada"], form)).toContain('value="token-first"/>Ada');
    for (let n = 0; n < 2_100; n++) expect(await page(`token-${n}`, ["Ada"], form)).toContain(`value="token-${n}"/>Ada`);
    expect(await page("token-first", ["Ada"], form)).toContain('value="token-first"/>Ada');
  });
});

describe("FragmentStore", () => {
  test("forgets the oldest unused first, within its budget of characters", () => {
    const store = new FragmentStore(1_000);
    const html = "x".repeat(50);
    for (const key of ["a", "b", "c"]) store.set(key.repeat(10), { html, lastPushedText: false });
    expect(store.characters).toBe(180);
    store.get("a".repeat(10));
    for (let n = 0; n < 15; n++) store.set(`filler-${n}`.padEnd(10), { html, lastPushedText: false });
    expect(store.characters).toBeLessThanOrEqual(1_000);
    expect(store.get("a".repeat(10))).toBeDefined();
    expect(store.get("b".repeat(10))).toBeUndefined();
    store.set("big", { html: "x".repeat(100), lastPushedText: false });
    expect(store.get("big")).toBeUndefined();
  });

  test("gives a used entry one more round, not more: unused again, it goes in its turn", () => {
    // Sixteen entries of 100 characters fill it.
    const store = new FragmentStore(1_600);
    const html = "x".repeat(92);
    const key = (n: number) => `key-${String(n).padStart(4, "0")}`;
    const fill = (from: number, count: number) => {
      for (let n = from; n < from + count; n++) store.set(key(n), { html, lastPushedText: false });
    };
    fill(0, 16);
    expect(store.characters).toBe(1_600);
    store.get(key(0));
    fill(16, 1);
    expect(store.get(key(0))).toBeDefined();
    expect(store.get(key(1))).toBeUndefined();
    // Read again just now: it outlives the fifteen kept after it once more, then goes.
    fill(17, 15);
    expect(store.get(key(0))).toBeDefined();
    fill(32, 16);
    expect(store.get(key(32))).toBeUndefined();
    fill(48, 1);
    expect(store.get(key(0))).toBeUndefined();
    // Always within the budget, whatever is read.
    for (let n = 0; n < 200; n++) {
      store.get(key(n % 30));
      fill(100 + n, 1);
      expect(store.characters).toBeLessThanOrEqual(1_600);
    }
  });
});
