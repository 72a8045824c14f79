// BENCH_EXTRA_ROUTES=N (npm run bench -- --extra-routes N): N more routes for remix.config.js,
// each with its own id and a SPEC-like address under /user, all served by one small existing
// module, so that the bench can show whether a page's cost grows with the number of routes.
// Such a build goes to its own folder (test/.tmp/bench-routes-N): the normal build is untouched.
const MODULE = "routes/spec/user.contacts.get_meet_place.ts";
const SHAPES = [(n) => `ajax/area-${n}/get_items`, (n) => `area-${n}/:itemId/edit`, (n) => `area-${n}/:itemId/list_by_contact`];

export const extraRoutesDir = (count) => `test/.tmp/bench-routes-${count}`;

export function extraRoutes(count) {
  const routes = {};
  for (let n = 0; n < count; n++) {
    const id = `routes/bench-extra-${n}`;
    routes[id] = { id, parentId: "routes/user", path: SHAPES[n % SHAPES.length](n), file: MODULE };
  }
  return routes;
}
