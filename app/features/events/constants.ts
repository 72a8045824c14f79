/** A member's answers to an event (SPEC.md §7's status call). */
export const STATUS_TYPES = ["Interested", "Uninterested", "Going", "Notgoing"] as const;
export type StatusType = (typeof STATUS_TYPES)[number];
