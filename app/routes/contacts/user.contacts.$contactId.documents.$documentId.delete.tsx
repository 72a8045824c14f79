import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactFilesPath, getContactFile, removeContactFile } from "~/features/contacts/contact-files.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

/** The member's contact and one of its documents; 404 for anything else. */
async function documentToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const file = await requireFound(params.documentId, (id) => getContactFile(contact.id, "document", id));
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
  return respond(request, { type: "success", message: `Document ${file.name} deleted.` }, { to: contactFilesPath(contact.id, "document") });
}

export default function ConfirmDeleteDocument() {
  const { contactId, name } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={deletionQuestion("document", name)} cancelTo={`/user/contacts/${contactId}/documents`} />;
}

export const meta: MetaFunction = () => [{ title: "Delete document · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
