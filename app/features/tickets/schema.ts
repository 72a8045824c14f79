import { z } from "zod";
import { idField } from "~/lib/schema-fields";
import { SEND_TICKET_CHOICES } from "./constants";

export const SendTicketSchema = z.object({
  event_id: idField("Choose one of your events."),
  ticket_type: z.enum(SEND_TICKET_CHOICES, { error: "Choose free, general or VIP." }),
});

export const InviteSchema = z.object({
  ticket_type: z.enum(["general", "vip"], { error: "Choose general or VIP." }),
  member_id: z
    .array(idField("Choose members from the list."), { error: "Choose at least one member." })
    .min(1, "Choose at least one member.")
    .max(200, "Invite at most 200 members at once."),
});

export type InviteInput = z.infer<typeof InviteSchema>;

/** The organiser's door: a ticket code typed or scanned. */
export const CheckInSchema = z.object({ code: z.string({ error: "Enter a ticket code." }).trim().min(1, "Enter a ticket code.") });

/** The invited member's answer to a ticket invitation. */
export const InvitationAnswerSchema = z.object({ intent: z.enum(["accept", "decline"]) });

/** SPEC.md §7 GET/POST /user/event/payment_form?event_id=&ticket_type=&back=: the purchase
 * dialog's event (found or 404), the ticket type (general unless named) and its return path. */
export const PurchaseQuerySchema = z.object({
  event_id: z.string().optional(),
  ticket_type: z.enum(["general", "vip"], { error: "The ticket type is general or vip." }).default("general"),
  back: z.string().optional(),
});
