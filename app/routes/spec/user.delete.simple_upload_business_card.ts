import type { ActionFunctionArgs } from "@remix-run/node";
import { findOwnBusinessCard } from "~/features/contacts/business-cards.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { action as deleteBusinessCard } from "~/routes/contacts/user.contacts.$contactId.business-cards.$cardId.delete";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7 delete/simple_upload_business_card (id) → type, message: the confirmation
 * dialog's action (/user/contacts/{contactId}/business-cards/{cardId}/delete), its contact
 * found from the member's card. */
export async function action(args: ActionFunctionArgs) {
  const member = await requireMember(args.request);
  const form = await args.request.formData();
  const card = await requireFound(form.get("id"), (id) => findOwnBusinessCard(member.id, id));
  return deleteBusinessCard({ ...args, params: { contactId: String(card.contactId), cardId: String(card.id) } });
}
