import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { backTo, requireFound, uploadRefused } from "~/lib/http.server";
import { setInvitationImage } from "~/features/invitations/invitations.server";
import { fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: POST /user/ajax/file_upload/invite_image (file) → file.thumbnailUrl. The
 * contact is named in the query (?contact_id=), checked before the upload is read; ?back= is
 * where a post without JS returns to (the invite dialog). */
export async function action({ request }: ActionFunctionArgs) {
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
    { type: "success", message: "The invitation image is saved." },
    {
      to,
      data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } },
    },
  );
}
