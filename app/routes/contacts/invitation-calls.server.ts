import type { ActionFunctionArgs } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { redeliverInvitation } from "~/features/invitations/invite.server";
import { setInvitationImage } from "~/features/invitations/invitations.server";
import { ReinviteSchema } from "~/features/invitations/schema";
import { fileUrl } from "~/lib/files.server";
import { backTo, requireFound, requireValid, uploadRefused } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";
import { answerDelivery } from "./invitation-answer.server";

// The invite buttons and the invite dialog's image post to SPEC.md §7's addresses
// (/user/reinvite, /user/ajax/file_upload/invite_image), which answer with these handlers.

/** Re-invite {contact_id}: the invitation again, with a new link (the old one stops working),
 * counted; back where the button was, or to `back` when the form names it. */
export async function reinviteAction({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = requireValid(await request.formData(), ReinviteSchema);
  const contact = await requireFound(form.contact_id, (id) => getContact(member.id, id));
  const to = form.back === undefined ? undefined : backTo(request, `/user/profile?cicid=${contact.id}`, form.back);
  return answerDelivery(request, await redeliverInvitation(member, contact, await publicOrigin(request)), to);
}

/** The invitation image (file) → file.thumbnailUrl. The contact is named in the query
 * (?contact_id=), checked before the upload is read; ?back= is where a post without JS
 * returns to (the invite dialog). */
export async function invitationImageAction({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const search = new URL(request.url).searchParams;
  const contact = await requireFound(search.get("contact_id"), (id) => getContact(member.id, id));
  const to = backTo(request, `/user/profile?cicid=${contact.id}`, search.get("back") ?? `/user/contacts/${contact.id}/invite`);

  const result = await receiveUpload(request, { kind: "invite_image", ownerId: member.id });
  if (!result.ok) return uploadRefused(request, result.error, to);
  const file = result.file!;
  await setInvitationImage(member.id, contact.id, file.id);
  return respond(
    request,
    { type: "success", message: "Invitation image saved." },
    {
      to,
      data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } },
    },
  );
}
