import type { ActionFunctionArgs } from "@remix-run/node";
import { duplicateMessage } from "~/features/contacts/contacts.server";
import { EmailCheckQuerySchema, EmailCheckSchema } from "~/features/contacts/schema";
import { inviteEmailMessage } from "~/features/invitations/invitations.server";
import { parseId, requireValid } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { checkAnswer } from "./check-answer.server";

/** SPEC.md §5/§7: "" when the e-mail is free (or blank), otherwise the error text to show.
 * The invite form asks with ?for=invite: an address that is already a member's counts too. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { email, contact_id } = requireValid(await request.formData(), EmailCheckSchema);
  const contactId = parseId(contact_id);
  const forInvite = requireValid(new URL(request.url).searchParams, EmailCheckQuerySchema).for === "invite";
  const message = !email
    ? ""
    : forInvite
      ? await inviteEmailMessage(member.id, email, contactId)
      : await duplicateMessage(member.id, "email", email, contactId);
  return checkAnswer(message);
}
