/** The orders of the contact list (?sort=). */
export const SORTS = ["name", "newest", "oldest"] as const;
export type ContactSort = (typeof SORTS)[number];
