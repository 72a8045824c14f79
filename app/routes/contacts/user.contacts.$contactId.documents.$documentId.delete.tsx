import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactFilesPath, getContactFile, removeContactFile } from "~/features/contacts/contact-files.server";
import { requireOwnContact } from "~/features/contacts/contacts.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** The member's contact and one of its documents; 404 for anything else. */
async function documentToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const { contact } = await requireOwnContact(request, params.contactId);
  const file = await getContactFile(contact.id, "document", params.documentId);
  if (!file) throw new Response("Not found", { status: 404 });
  return { contact, file };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact, file } = await documentToDelete(request, params);
  return json({ contactId: contact.id, name: file.name });
}

/** SPEC.md §2 document modal: deleting one of the contact's documents. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { contact, file } = await documentToDelete(request, params);
  await removeContactFile(file.fileId);
  return respond(request, { type: "success", message: `The document ${file.name} is deleted.` }, { to: contactFilesPath(contact.id, "document") });
}

export default function ConfirmDeleteDocument() {
  const { contactId, name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this document?" cancelTo={`/user/contacts/${contactId}/documents`}>
      <p>
        <strong>{name}</strong>
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete document · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
