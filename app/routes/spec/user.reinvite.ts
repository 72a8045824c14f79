import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact, parseContactId } from "~/features/contacts/contacts.server";
import { inviteBack } from "~/features/invitations/invite.server";
import { invitationHtml, resendInvitation } from "~/features/invitations/invitations.server";
import { invitationLabel } from "~/features/invitations/state";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: POST /user/reinvite {contact_id}: the invitation again, with a new link (the
 * old one stops working), counted. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const id = parseContactId(String(formData.get("contact_id") ?? ""));
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact) throw new Response("Not found", { status: 404 });
  const to = formData.has("back") ? inviteBack(request, contact.id, formData.get("back")) : undefined;
  const outcome = await resendInvitation(member, contact, await publicOrigin(request));
  if (!outcome.ok) return respond(request, { type: "error", message: outcome.message }, { to, status: outcome.status });
  const email = outcome.state.status === "invited" ? outcome.state.email : "";
  return respond(
    request,
    { type: "success", message: `Invitation sent again to ${email}.` },
    { to, data: { invitation: outcome.state, html: invitationHtml(invitationLabel(outcome.state)) } },
  );
}
