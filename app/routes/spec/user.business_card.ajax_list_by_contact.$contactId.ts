import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { businessCardsPath, listBusinessCards } from "~/features/contacts/business-cards.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 business_card/ajax_list_by_contact/{contact_id}: total_cards and the cards as
 * JSON for a script; a browser is sent to the card list dialog. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  if (!(request.headers.get("Accept") ?? "").includes("application/json")) return redirect(businessCardsPath(contact.id));
  const cards = await listBusinessCards(contact.id);
  return json({ total_cards: cards.length, cards });
}
