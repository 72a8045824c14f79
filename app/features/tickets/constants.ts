/** SPEC.md §2's ticket modal on a contact: one of the member's events and a ticket type
 * (free: a complimentary General ticket; general or VIP at the type's price). */
export const SEND_TICKET_CHOICES = ["free", "general", "vip"] as const;
export type SendTicketChoice = (typeof SEND_TICKET_CHOICES)[number];
