/** SPEC.md §4: offers have the interest toggle only. */
export const OFFER_STATUS_TYPES = ["Interested", "Uninterested"] as const;
export type OfferStatusType = (typeof OFFER_STATUS_TYPES)[number];
