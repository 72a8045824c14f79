/** The contact list's sort orders (SPEC.md §4), for the list's links and the query alike. */
export const SORTS = ["name", "newest", "oldest"] as const;
export type ContactSort = (typeof SORTS)[number];

/** What an import does with a row that is already one of the member's contacts. */
export const IMPORT_DUPLICATES = ["skip", "merge"] as const;
