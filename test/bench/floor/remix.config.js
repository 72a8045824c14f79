/** The floor: Remix's own defaults (entry files included), as a new Remix 2.17.5 app has them.
 * Its second route, markup.$name.tsx, is built only for `npm run bench -- --same-markup`. */
/** @type {import('@remix-run/dev').AppConfig} */
export default { ignoredRouteFiles: ["**/.*", ...(process.env.FLOOR_SAME_MARKUP ? [] : ["**/markup.*"])], serverModuleFormat: "esm" };
