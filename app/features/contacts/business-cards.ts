// Shared by the server and the dialogs (no server code here).

/** The business card list dialog's address: where uploads and deletions return. */
export function businessCardsPath(contactId: number) {
  return `/user/contacts/${contactId}/business-cards`;
}

/** SPEC.md §5, §9: the crop dialog keeps this width : height. */
export const CARD_ASPECT_RATIO = 3 / 2;

export function businessCardCountLabel(count: number) {
  return `${count} business ${count === 1 ? "card" : "cards"}`;
}
