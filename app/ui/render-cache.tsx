import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A part of a page whose HTML the server may keep and send again while its inputs stay the
 * same (patches/react-dom+18.3.1.patch; entry.server.tsx gives the store): a contact card or
 * a post renders ~60 elements, and a member's list comes back unchanged more often than not
 * (each dialog opened over it without JavaScript, each reload, a page after a save where one
 * card of 24 changed). The browser, and a server without the patch, render the children as
 * they are.
 *
 * `parts` must hold every input of the children besides the viewer's (the root loader's
 * data: the anti-forgery token, the member, the time zone, always part of the key through a
 * short name, nameOf): their props' data, and any address they print. The key is their JSON, so it is only worked
 * out on the server and only where the store is given. Rendered by the app's renderer
 * (entry.server.tsx, renderToUtf8), a part is kept as its UTF-8 bytes, sent as they are.
 */
export function RenderCache({ parts, children }: { parts: unknown[]; children: ReactNode }) {
  const viewer = useRouteLoaderData("root");
  return <CachedFragment cacheKey={() => `${viewerKey(viewer)}\u0000${JSON.stringify(parts)}`}>{children}</CachedFragment>;
}

// One key per root data object, i.e. per request.
const viewerKeys = new WeakMap<object, string>();
function viewerKey(viewer: unknown) {
  if (typeof viewer !== "object" || viewer === null) return nameOf(JSON.stringify(viewer ?? null));
  let key = viewerKeys.get(viewer);
  if (key === undefined) viewerKeys.set(viewer, (key = nameOf(JSON.stringify(viewer))));
  return key;
}

/** How many viewers' JSON nameOf keeps names for; past it, it starts again from none. */
const VIEWERS_NAMED = 2_000;
const viewerNames = new Map<string, string>();
let named = 0;

/**
 * A short name for a viewer's JSON (~270 characters), the same while it is among the last
 * VIEWERS_NAMED kept: every key of a page (26 on the contact list) starts with it, and the
 * store hashes and compares each key whole. Names are never given twice, so a viewer named
 * again after the names were dropped only misses what was kept under the old name.
 */
function nameOf(json: string) {
  let name = viewerNames.get(json);
  if (name === undefined) {
    if (viewerNames.size >= VIEWERS_NAMED) viewerNames.clear();
    viewerNames.set(json, (name = `v${(named++).toString(36)}`));
  }
  return name;
}

/** The element the patched renderer knows by its `chapterRenderCache` (set on the server only). */
export function CachedFragment({ children }: { cacheKey: () => string | undefined; children: ReactNode }) {
  return <>{children}</>;
}

type FragmentKeeper = {
  get(key: string): { html: string | Uint8Array; lastPushedText: boolean } | undefined;
  set(key: string, fragment: { html: string | Uint8Array; lastPushedText: boolean }): void;
};

/** Gives the patched renderer its store (entry.server.tsx, in production only: in development
 * HMR changes a component's HTML under the same key). */
export function keepRenderedFragments(store: FragmentKeeper | undefined) {
  (CachedFragment as { chapterRenderCache?: FragmentKeeper }).chapterRenderCache = store;
}
