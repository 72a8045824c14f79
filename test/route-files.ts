import fs from "node:fs";
import path from "node:path";

/** Every route module of app/routes/<area>/, by its flat-route file name (remix.config.js). */
export function routeFiles() {
  const routesDir = path.resolve("app/routes");
  return fs
    .readdirSync(routesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((area) =>
      fs
        .readdirSync(path.join(routesDir, area.name))
        .filter((file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file))
        .map((file) => ({ file, area: area.name })),
    );
}

const areaOf = new Map(routeFiles().map(({ file, area }) => [file.replace(/\.tsx?$/, ""), area]));

/** Imports a route module by its flat-route name ("user.contacts.add"), whichever area holds it. */
export function importRoute<T>(name: string): Promise<T> {
  const bare = name.replace(/\.tsx?$/, "");
  const area = areaOf.get(bare);
  if (!area) throw new Error(`No route module named ${bare}`);
  return import(`../app/routes/${area}/${bare}.tsx`).catch(() => import(`../app/routes/${area}/${bare}.ts`)) as Promise<T>;
}
