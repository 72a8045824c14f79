import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";

// React's production server build, as the built app loads it (NODE_ENV=production), with
// patches/react-dom+18.3.1.patch applied; the tests themselves run React's development build.
const require = createRequire(import.meta.url);
const production = require(path.resolve("node_modules/react-dom/cjs/react-dom-server-legacy.node.production.min.js")) as {
  renderToString: (element: React.ReactElement) => string;
  renderToUtf8?: (element: React.ReactElement) => Uint8Array;
};

const NAMES = ["Zoë Åkesson", "李小龙", "Ngozi 🌍 Okafor", "👩🏽‍💼 Amara", "Jürgen Weiß", "محمد", "😀", "a"];

function Page({ rows }: { rows: number }) {
  return (
    <ul>
      {Array.from({ length: rows }, (_, n) => (
        <li key={n} title={NAMES[n % NAMES.length]}>
          {NAMES[(n * 3) % NAMES.length]}
          <b>{n}</b>
          {NAMES[(n * 5 + 1) % NAMES.length]}
        </li>
      ))}
    </ul>
  );
}

describe("the patched renderer's bytes (renderToUtf8)", () => {
  test("is there in the production build the app runs", () => {
    expect(typeof production.renderToUtf8).toBe("function");
    const server = require(path.resolve("node_modules/react-dom/server.node.js")) as Record<string, unknown>;
    expect(Object.keys(server)).toContain("renderToUtf8");
  });

  test("are renderToString's string in UTF-8, for pages of every size around its 1,024-piece chunks", () => {
    // Each row is some ten pieces: these sizes put a chunk's end at every kind of piece, next to
    // multibyte letters, surrogate pairs and joined emoji.
    for (const rows of [0, 1, 50, 101, 102, 103, 104, 205, 512, 1000, 2049]) {
      const bytes = production.renderToUtf8!(<Page rows={rows} />);
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      expect(text).toBe(production.renderToString(<Page rows={rows} />));
      expect(bytes.includes(0)).toBe(false);
    }
  });

  test("throws what the page throws, as renderToString does", () => {
    function Broken(): React.ReactElement {
      throw new Error("render failed");
    }
    expect(() => production.renderToUtf8!(<Broken />)).toThrow("render failed");
  });
});
