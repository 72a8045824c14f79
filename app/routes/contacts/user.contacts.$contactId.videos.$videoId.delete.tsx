import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactFilesPath, getContactFile, removeContactFile } from "~/features/contacts/contact-files.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

/** The member's contact and one of its videos; 404 for anything else. */
async function videoToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const video = await requireFound(params.videoId, (id) => getContactFile(contact.id, "video", id));
  return { contact, video };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact, video } = await videoToDelete(request, params);
  return json({ contactId: contact.id, name: video.name });
}

/** SPEC.md §7 video_frame/delete (video_id, contact_id). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { contact, video } = await videoToDelete(request, params);
  await removeContactFile(video.fileId);
  return respond(request, { type: "success", message: `Video ${video.name} deleted.` }, { to: contactFilesPath(contact.id, "video") });
}

export default function ConfirmDeleteVideo() {
  const { contactId, name } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={deletionQuestion("video", name)} cancelTo={`/user/contacts/${contactId}/videos`} />;
}

export const meta: MetaFunction = () => [{ title: "Delete video · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
