import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

// Remix runs every loader of the page again whenever the query changes, and a dialog's `?back=`
// changes it. The shell's loaders (the root's: the member, the anti-forgery token, the ticker;
// the member area's: the header's counts) read nothing of the address but on a conversation's
// or the notifications' page: a search typed ran them at each step, and opening a dialog over the
// contact list and closing it ran them, and the list's, twice; a dialog opened by a page's button
// ("Write a post") waited for them, a second round trip on a phone. These say when they need not.

const sendsNothing = ({ formMethod }: ShouldRevalidateFunctionArgs) => !formMethod || formMethod.toUpperCase() === "GET";
const address = (url: URL) => url.pathname + url.search;

/** A navigation that changes only the page's query (a search as the member types, a filter
 * picked, a list's next page, another year), without a form that changes anything. */
export function onlyQueryChanged(args: ShouldRevalidateFunctionArgs) {
  return sendsNothing(args) && args.currentUrl.pathname === args.nextUrl.pathname && args.currentUrl.search !== args.nextUrl.search;
}

/** A navigation that opens a dialog over the page it comes from, or closes one back to it, by
 * the dialogs' `?back=` (the page's address): the page under the dialog stays the same. */
export function betweenPageAndDialog(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl } = args;
  return sendsNothing(args) && (nextUrl.searchParams.get("back") === address(currentUrl) || currentUrl.searchParams.get("back") === address(nextUrl));
}

/** A navigation into a route nested in an area's page (a dialog its button opens over it, a tab
 * of it) or back out of one: the page and what it shows around the nested route stay. The
 * member area's home is not such a page: every area is nested in its address. */
export function withinPage(args: ShouldRevalidateFunctionArgs) {
  const [current, next] = [args.currentUrl.pathname, args.nextUrl.pathname];
  const [outer, inner] = current.length < next.length ? [current, next] : [next, current];
  return sendsNothing(args) && outer.split("/").filter(Boolean).length >= 2 && inner.startsWith(`${outer}/`);
}

/** A navigation to another address, without a form that changes anything, that leaves the
 * query a route reads (`query` of an address) as it is: that route's data stays. */
export function queryStays(args: ShouldRevalidateFunctionArgs, query: (url: URL) => URLSearchParams) {
  const { currentUrl, nextUrl } = args;
  return sendsNothing(args) && address(currentUrl) !== address(nextUrl) && String(query(currentUrl)) === String(query(nextUrl));
}

/** The query a route reads at an address: its own page's (`own` gives it, or null for another
 * address), or, for a dialog opened with `?back=`, that of the page it goes back to, followed
 * through a dialog opened from another dialog (a task's Complete, an edit's image deletion). */
export function queryBehindDialogs(url: URL, own: (address: URL) => URLSearchParams | null): URLSearchParams {
  for (let address = url, hops = 0; hops < 3; hops += 1) {
    const query = own(address);
    if (query) return query;
    const back = address.searchParams.get("back");
    if (!back?.startsWith("/") || back.startsWith("//")) break;
    address = new URL(back, url.origin);
  }
  return new URLSearchParams();
}

/** Whether the shell's data (it reads nothing of the address) stays as it is for this navigation. */
export function shellDataStays(args: ShouldRevalidateFunctionArgs) {
  return onlyQueryChanged(args) || betweenPageAndDialog(args) || withinPage(args);
}
