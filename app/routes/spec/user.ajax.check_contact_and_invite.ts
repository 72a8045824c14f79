import type { ActionFunctionArgs } from "@remix-run/node";
import { duplicateMessage } from "~/features/contacts/contacts.server";
import { parseId } from "~/lib/http.server";
import { inviteEmailMessage } from "~/features/invitations/invitations.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §5/§7: "" when the e-mail is free (or blank), otherwise the error text to show.
 * The invite form asks with ?for=invite: an address that is already a member's counts too. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim().toLowerCase();
  const contactId = parseId(form.get("contact_id"));
  const forInvite = new URL(request.url).searchParams.get("for") === "invite";
  const message = !email ? "" : forInvite ? await inviteEmailMessage(member.id, email, contactId) : await duplicateMessage(member.id, "email", email, contactId);
  return new Response(message, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
