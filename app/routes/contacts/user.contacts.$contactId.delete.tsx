import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteContact, requireOwnContact } from "~/features/contacts/contacts.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact } = await requireOwnContact(request, params.contactId);
  return json({ name: contact.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, contact } = await requireOwnContact(request, params.contactId);
  await deleteContact(member.id, contact.id);
  return respond(request, { type: "success", message: `${contact.name} is deleted.` }, { to: "/user/contacts" });
}

export default function ConfirmDeleteContact() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this contact?">
      <p>
        <strong>{name}</strong> and everything kept with them will be deleted.
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete contact · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
