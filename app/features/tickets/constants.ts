/** SPEC.md §2's ticket modal on a contact: one of the member's events and a ticket type
 * (free: a complimentary General ticket; general or VIP at the type's price). */
export const SEND_TICKET_CHOICES = ["free", "general", "vip"] as const;
export type SendTicketChoice = (typeof SEND_TICKET_CHOICES)[number];

/** Why a ticket cannot be sent to a contact (the dialog says it too, so it is not server-only). */
export const NO_EMAIL = "This contact has no e-mail address: add one to send a ticket.";
