import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { contactFilesPath, getContactFile, removeContactFile } from "~/features/contacts/contact-files.server";
import { getContact, parseContactId } from "~/features/contacts/contacts.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7 video_frame/delete (video_id, contact_id) → type, message. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const contactId = parseContactId(String(form.get("contact_id") ?? ""));
  const contact = contactId ? await getContact(member.id, contactId) : null;
  const video = contact ? await getContactFile(contact.id, "video", String(form.get("video_id") ?? "")) : null;
  if (!contact || !video) throw new Response("Not found", { status: 404 });
  await removeContactFile(video.fileId);
  return respond(request, { type: "success", message: `The video ${video.name} is deleted.` }, { to: contactFilesPath(contact.id, "video") });
}
