import { matchRoutes } from "@remix-run/react";

type ManifestRoute = { module: string; imports?: string[]; css?: string[] };
type RemixWindow = Window & {
  __remixManifest?: { routes: Record<string, ManifestRoute | undefined> };
  __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] };
};

/**
 * Fetches the code of the page (or dialog) a link opens as soon as the member shows the intent
 * to follow it: a finger or the mouse button going down, the pointer resting on it, the
 * keyboard's focus. Remix loads a route's module only when the navigation starts, and the
 * module's own imports only once the module has arrived: on a phone with a slow round trip
 * that chain, not the server, is most of the wait for a dialog. Preloaded together, the code
 * is in by the time the data is, and often before the finger is lifted.
 */
export function preloadOnIntent(window: RemixWindow) {
  const preloaded = new Set<string>();
  const preload = (href: string, as: "script" | "style") => {
    if (preloaded.has(href)) return;
    preloaded.add(href);
    const link = window.document.createElement("link");
    link.rel = as === "script" ? "modulepreload" : "preload";
    if (as === "style") link.as = "style";
    link.href = href;
    window.document.head.append(link);
  };

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.hasAttribute("download")) return;
    const { __remixManifest: manifest, __remixRouter: router } = window;
    if (!manifest || !router) return;
    for (const match of matchRoutes(router.routes, link.pathname) ?? []) {
      const route = manifest.routes[match.route.id ?? ""];
      if (!route) continue;
      for (const href of [route.module, ...(route.imports ?? [])]) preload(href, "script");
      for (const href of route.css ?? []) preload(href, "style");
    }
  };

  for (const type of ["pointerdown", "pointerover", "focusin"]) window.document.addEventListener(type, onIntent, { capture: true, passive: true });
}
