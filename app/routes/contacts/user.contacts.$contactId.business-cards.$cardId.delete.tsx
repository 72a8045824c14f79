import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { businessCardsPath, findOwnBusinessCard, removeBusinessCard } from "~/features/contacts/business-cards.server";
import { requireOwnContact } from "~/features/contacts/contacts.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** The member's contact and one of its cards; 404 for anything else. */
async function cardToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const { member, contact } = await requireOwnContact(request, params.contactId);
  const card = await findOwnBusinessCard(member.id, params.cardId, contact.id);
  if (!card) throw new Response("Not found", { status: 404 });
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
  return respond(request, { type: "success", message: "The business card is deleted." }, { to: businessCardsPath(contact.id) });
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
