import { queryBehindDialogs } from "~/ui/revalidation";

export const CONTACT_LIST = "/user/contacts";

/**
 * The contact list's own query at an address: the list's search itself, and for a dialog
 * opened over it with `?back=` (Edit, Delete, Invite, Business cards, a category …) the search of
 * the list it was opened from, so that the list behind the dialog stays the one the member was
 * looking at, with JavaScript or without. Any other dialog (Add a contact) shows the list unfiltered.
 */
export function contactListQuery(url: URL) {
  return queryBehindDialogs(url, (address) => (address.pathname === CONTACT_LIST ? address.searchParams : null));
}
