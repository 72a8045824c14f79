import { parseWithZod } from "@conform-to/zod/v4";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { safeRedirect, type Member } from "~/lib/session.server";
import { inviteEmailMessage, invitationHtml, invitationOf, sendInvitation } from "./invitations.server";
import { InviteSchema, type InviteInput } from "./schema";
import { invitationLabel } from "./state";

type Contact = { id: number; name: string; email: string | null };

/** Where an invite dialog or action goes back to: ?back= (same site only) or the profile. */
export function inviteBack(request: Request, contactId: number, given?: FormDataEntryValue | null) {
  const back = given ?? new URL(request.url).searchParams.get("back");
  return safeRedirect(typeof back === "string" ? back : null, `/user/profile?cicid=${contactId}`);
}

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

/** Sends the invitation and answers: PRG with a notification, or JSON with the new state and
 * SPEC.md §7's html. */
export async function deliverInvitation(request: Request, member: Member, contact: Contact, input: InviteInput, to: string) {
  const again = (await invitationOf(member.id, contact.id)).state.status === "invited";
  const outcome = await sendInvitation(member, contact, input, await publicOrigin(request));
  if (!outcome.ok) return respond(request, { type: "error", message: outcome.message }, { to, status: outcome.status });
  const { state } = outcome;
  return respond(
    request,
    { type: "success", message: again ? `Invitation sent again to ${input.email}.` : `Invitation sent to ${input.email}.` },
    { to, data: { invitation: state, html: invitationHtml(invitationLabel(state)) } },
  );
}
