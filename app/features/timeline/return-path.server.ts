import { safeRedirect } from "~/lib/session.server";

const LOCAL = "http://chapter.local";

/**
 * Where a post's or comment's dialog returns to (its ?back=): a page of the member area of
 * this site, written as a path ("/user/timeline", "/user/members/7?before=9"); anything else
 * (another site, a path outside /user, "/user/../signout") gives the fallback. The path is
 * returned normalised, as the browser would read it.
 */
export function returnPath(value: FormDataEntryValue | string | null | undefined, fallback: string) {
  const path = safeRedirect(value, "");
  if (!path || path.includes("\\")) return fallback;
  const url = new URL(path, LOCAL);
  if (url.origin !== LOCAL || !/^\/user(\/|$)/.test(url.pathname)) return fallback;
  return url.pathname + url.search;
}
