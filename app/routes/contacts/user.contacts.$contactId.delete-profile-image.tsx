import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactEditPath, removeContactPhoto } from "~/features/contacts/contact-photo.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** The member's contact, when it has a profile image; 404 otherwise. */
async function contactWithPhoto(request: Request, param: string | undefined) {
  const member = await requireMember(request);
  const contact = await requireFound(param, async (id) => {
    const found = await getContact(member.id, id);
    return found?.profile_image_id ? found : null;
  });
  return { member, contact };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact } = await contactWithPhoto(request, params.contactId);
  return json({ name: contact.name, imageUrl: contact.imageUrl, cancelTo: contactEditPath(contact.id, request) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, contact } = await contactWithPhoto(request, params.contactId);
  await removeContactPhoto(member.id, contact.id);
  return respond(request, { type: "success", message: `Profile image of ${contact.name} deleted.` }, { to: contactEditPath(contact.id, request) });
}

export default function ConfirmDeleteContactPhoto() {
  const { name, imageUrl, cancelTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this profile image?" cancelTo={cancelTo}>
      {imageUrl ? (
        <p>
          <img src={imageUrl} alt={`Profile image of ${name}`} width={64} height={64} className="avatar avatar--64" />
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete profile image · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
