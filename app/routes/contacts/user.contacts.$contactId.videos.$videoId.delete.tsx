import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactFilesPath, getContactFile, removeContactFile } from "~/features/contacts/contact-files.server";
import { requireOwnContact } from "~/features/contacts/contacts.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** The member's contact and one of its videos; 404 for anything else. */
async function videoToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const { contact } = await requireOwnContact(request, params.contactId);
  const video = await getContactFile(contact.id, "video", params.videoId);
  if (!video) throw new Response("Not found", { status: 404 });
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
  return respond(request, { type: "success", message: `The video ${video.name} is deleted.` }, { to: contactFilesPath(contact.id, "video") });
}

export default function ConfirmDeleteVideo() {
  const { contactId, name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this video?" cancelTo={`/user/contacts/${contactId}/videos`}>
      <p>
        <strong>{name}</strong>
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete video · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
