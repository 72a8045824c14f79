import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * Whether a navigation changes only the page's query (a search as the member types, a filter
 * picked, a list's next page, another year) without a form that changes anything. Remix runs
 * every loader of the page again when the query changes; the shell's (the member, the
 * anti-forgery token, the ticker, the header's counts) read nothing of it, so each step of a
 * search typed was three requests where one answers it.
 */
export function onlyQueryChanged({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  const sendsNothing = !formMethod || formMethod.toUpperCase() === "GET";
  return sendsNothing && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
}
