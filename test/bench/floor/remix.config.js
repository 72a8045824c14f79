/** The floor: Remix's own defaults (entry files included), as a new Remix 2.17.5 app has them. */
/** @type {import('@remix-run/dev').AppConfig} */
export default { ignoredRouteFiles: ["**/.*"], serverModuleFormat: "esm" };
