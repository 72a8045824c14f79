import { parseWithZod } from "~/lib/parse-form.server";
import type { Member } from "~/lib/session.server";
import { inviteEmailMessage, invitationHtml, invitationOf, resendInvitation, type SendOutcome, sendInvitation } from "./invitations.server";
import { InviteSchema, type InviteInput } from "./schema";
import { invitationLabel } from "./state";

type Contact = { id: number; name: string; email: string | null };

/** The invite form's fields, with SPEC.md §5's messages and the server's e-mail check. */
export function parseInvite(formData: FormData, ownerId: number, contactId: number) {
  return parseWithZod(formData, {
    schema: InviteSchema.superRefine(async (input, ctx) => {
      const taken = await inviteEmailMessage(ownerId, input.email, contactId);
      if (taken) ctx.addIssue({ code: "custom", path: ["email"], message: taken });
    }),
    async: true,
  });
}

/** What the member is told of a sending: why it was refused, or the message, the contact's new
 * invitation state and SPEC.md §7's html for it. */
export type Delivery =
  Extract<SendOutcome, { ok: false }> | { ok: true; message: string; invitation: Extract<SendOutcome, { ok: true }>["state"]; html: string };

function delivered(outcome: SendOutcome, message: string, timeZone: string): Delivery {
  if (!outcome.ok) return outcome;
  return { ok: true, message, invitation: outcome.state, html: invitationHtml(invitationLabel(outcome.state, timeZone)) };
}

/** Sends the invitation (again, when the contact was invited already). */
export async function deliverInvitation(member: Member, contact: Contact, input: InviteInput, origin: string) {
  const again = (await invitationOf(member.id, contact.id)).state.status === "invited";
  const outcome = await sendInvitation(member, contact, input, origin);
  return delivered(outcome, again ? `Invitation sent again to ${input.email}.` : `Invitation sent to ${input.email}.`, member.timeZone);
}

/** Sends the earlier invitation again, with a new link (the old one stops working), counted. */
export async function redeliverInvitation(member: Member, contact: Contact, origin: string) {
  const outcome = await resendInvitation(member, contact, origin);
  return delivered(outcome, `Invitation sent again to ${outcome.ok && outcome.state.status === "invited" ? outcome.state.email : ""}.`, member.timeZone);
}
