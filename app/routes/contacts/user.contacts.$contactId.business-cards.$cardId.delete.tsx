import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { businessCardsPath, findOwnBusinessCard, removeBusinessCard } from "~/features/contacts/business-cards.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** The member's contact and one of its cards; 404 for anything else. */
async function cardToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const card = await requireFound(params.cardId, (id) => findOwnBusinessCard(member.id, id, contact.id));
  return { contact, card };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact, card } = await cardToDelete(request, params);
  return json({ contactId: contact.id, name: card.name, thumbnailUrl: card.url });
}

/** SPEC.md §7 delete/simple_upload_business_card (id). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { contact, card } = await cardToDelete(request, params);
  await removeBusinessCard(card);
  return respond(request, { type: "success", message: "Business card deleted." }, { to: businessCardsPath(contact.id) });
}

export default function ConfirmDeleteBusinessCard() {
  const { contactId, name, thumbnailUrl } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this business card?" cancelTo={`/user/contacts/${contactId}/business-cards`}>
      <p>
        <img src={thumbnailUrl} alt={`Business card ${name}`} width={180} height={120} className="confirm-card" />
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete business card · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
