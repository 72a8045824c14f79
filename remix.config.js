import fs from "node:fs";
import path from "node:path";

/**
 * Routes are grouped by product area: app/routes/<area>/<name>.tsx, where <name> is the
 * route's full name in Remix's flat-route convention ("user.contacts.add" answers
 * /user/contacts/add inside the user.contacts layout). The folder only groups; the name
 * alone decides the address and the nesting, so a route keeps its id ("routes/user.contacts.add")
 * and its address whichever folder holds it. app/routes/spec/ holds SPEC.md §7's call
 * addresses, each mapped onto a product route's handler.
 */
function routesByArea() {
  const routesDir = path.join("app", "routes");
  const names = new Map();
  for (const area of fs.readdirSync(routesDir, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const file of fs.readdirSync(path.join(routesDir, area.name))) {
      const match = /^(.+)\.(tsx|ts)$/.exec(file);
      if (!match || file.endsWith(".server.ts") || /\.test\.tsx?$/.test(file)) continue;
      const name = match[1];
      if (names.has(name)) throw new Error(`Route ${name} is defined twice: ${names.get(name)} and ${area.name}/${file}`);
      names.set(name, `routes/${area.name}/${file}`);
    }
  }
  const manifest = {};
  for (const [name, file] of names) {
    const parent = parentOf(name, names);
    const segments = splitSegments(name);
    const own = parent ? segments.slice(splitSegments(parent).length) : segments;
    const index = segments[segments.length - 1] === "_index";
    const pathSegments = own.filter((segment) => segment !== "_index" && !isPathless(segment)).map(toPathSegment);
    manifest[`routes/${name}`] = {
      id: `routes/${name}`,
      parentId: parent ? `routes/${parent}` : "root",
      file,
      ...(pathSegments.length ? { path: pathSegments.join("/") } : {}),
      ...(index ? { index: true } : {}),
    };
  }
  return manifest;
}

/** The longest other route name that this one continues with a dot, as Remix nests them. */
function parentOf(name, names) {
  let best = null;
  for (const other of names.keys()) {
    if (other !== name && name.startsWith(`${other}.`) && !other.endsWith("_index") && (!best || other.length > best.length)) best = other;
  }
  return best;
}

/** Split on dots outside [brackets] ("export[.]csv" is one segment). */
function splitSegments(name) {
  const segments = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += char;
  }
  segments.push(current);
  return segments;
}

const isPathless = (segment) => segment.startsWith("_") && segment !== "_index";

function toPathSegment(segment) {
  const plain = segment.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
  if (plain === "$") return "*";
  if (plain.startsWith("$")) return `:${plain.slice(1)}`;
  return plain;
}

// npm run bench -- --extra-routes N: the same app with N more routes, built into its own folder.
const extraRoutes = Number(process.env.BENCH_EXTRA_ROUTES) || 0;
const bench = extraRoutes ? await import("./test/bench/extra-routes.js") : null;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async () => ({ ...routesByArea(), ...bench?.extraRoutes(extraRoutes) }),
  ...(bench && {
    serverBuildPath: `${bench.extraRoutesDir(extraRoutes)}/build/index.js`,
    assetsBuildDirectory: `${bench.extraRoutesDir(extraRoutes)}/public/build`,
  }),
  serverModuleFormat: "esm",
  serverDependenciesToBundle: ["rrule", "@fullcalendar/rrule"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // Off on purpose, and set so that Remix does not warn: docs/decisions/001-single-fetch-off.md.
    v3_singleFetch: false,
  },
};
