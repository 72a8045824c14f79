import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteContact, getContact } from "~/features/contacts/contacts.server";
import { CONTACT_LIST } from "~/features/contacts/list-query";
import { backTo, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

/** SPEC.md §2's Delete on a contact: /user/contacts/{id}/delete?back={the opener}. Cancel goes
 * back to the opener; a deletion too, but for the deleted contact's own profile (to the list). */
function backOf(request: Request) {
  const back = backTo(request, CONTACT_LIST);
  return { cancel: back, afterDeletion: new URL(back, "http://x").pathname === CONTACT_LIST ? back : CONTACT_LIST };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return json({ name: contact.name, cancelTo: backOf(request).cancel });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  await deleteContact(member.id, contact.id);
  return respond(request, { type: "success", message: `Contact ${contact.name} deleted.` }, { to: backOf(request).afterDeletion });
}

export default function ConfirmDeleteContact() {
  const { name, cancelTo } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={deletionQuestion("contact", name)} cancelTo={cancelTo} note={<p>Everything kept with them will be deleted too.</p>} />;
}

export const meta: MetaFunction = () => [{ title: "Delete contact · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
