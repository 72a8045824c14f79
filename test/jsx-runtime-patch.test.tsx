import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, createRef } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";

// patches/react+18.3.1.patch: the production jsx() uses the props object compiled JSX hands it
// (a new literal on every call) as the element's props when it holds no key, ref, __self or
// __source, instead of copying it property by property. The elements must be the ones the
// development runtime (not patched) makes.

const require = createRequire(import.meta.url);
const reactFolder = path.dirname(require.resolve("react/package.json"));
const PRODUCTION = path.join(reactFolder, "cjs/react-jsx-runtime.production.min.js");
type Jsx = (
  type: unknown,
  config: Record<string, unknown>,
  key?: unknown,
) => {
  type: unknown;
  key: string | null;
  ref: unknown;
  props: Record<string, unknown>;
};
const production = require(PRODUCTION) as { jsx: Jsx; jsxs: Jsx };
const development = require(path.join(reactFolder, "cjs/react-jsx-runtime.development.js")) as { jsx: Jsx };

function Greeting(props: { name?: string; greeting?: string }) {
  return createElement("p", null, `${props.greeting}, ${props.name}`);
}
Greeting.defaultProps = { greeting: "Hello", name: "member" };

const ref = createRef<HTMLAnchorElement>();
const CASES: [string, () => [unknown, Record<string, unknown>, unknown?]][] = [
  ["plain props", () => ["a", { className: "button", href: "/user/contacts/5", children: "Edit" }]],
  ["a key beside them", () => ["li", { className: "contact-card", children: "Zoë 李" }, 1105]],
  ["a key among them (a spread)", () => ["li", { key: "k", className: "x" }]],
  ["a key of undefined among them", () => ["li", { key: undefined, title: "t" }]],
  ["a ref among them", () => ["a", { ref, href: "/" }]],
  ["__self and __source", () => ["b", { __self: {}, __source: { fileName: "x" }, id: "y" }]],
  ["default props", () => [Greeting, { name: "Ada" }]],
  ["default props, all given", () => [Greeting, { name: "Ada", greeting: "Hi" }]],
  ["no props", () => ["hr", {}]],
];

test("the production runtime carries the patch", () => {
  expect(fs.readFileSync(PRODUCTION, "utf8")).toContain("Chapter patch");
});

test.each(CASES)("%s: the same element as the development runtime makes", (_name, make) => {
  const [type, config, key] = make();
  const fast = production.jsx(type, config, key);
  const [, devConfig, devKey] = make();
  const reference = development.jsx(type, devConfig, devKey);
  expect({
    type: fast.type,
    key: fast.key,
    ref: fast.ref,
    props: fast.props,
  }).toEqual({
    type: reference.type,
    key: reference.key,
    ref: reference.ref,
    props: reference.props,
  });
  expect(renderToString(fast as never)).toBe(renderToString(reference as never));
});

test("props without a key or ref are the object handed over, not a copy", () => {
  const config = { href: "/user", children: "Home" };
  expect(production.jsx("a", config, "k").props).toBe(config);
  expect(production.jsxs("ul", config).props).toBe(config);
  const withKey = { key: "k", href: "/user" };
  expect(production.jsx("a", withKey).props).not.toBe(withKey);
  expect(production.jsx("a", withKey).props).toEqual({ href: "/user" });
});
