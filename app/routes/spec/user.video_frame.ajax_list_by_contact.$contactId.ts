import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { contactFilesPath, listContactFiles } from "~/features/contacts/contact-files.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 video_frame/ajax_list_by_contact/{contact_id}: total and the videos as JSON for a
 * script; a browser is sent to the video list dialog. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  if (!(request.headers.get("Accept") ?? "").includes("application/json")) return redirect(contactFilesPath(contact.id, "video"));
  const videos = await listContactFiles(contact.id, "video");
  return json({ total: videos.length, videos });
}
