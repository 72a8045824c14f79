import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { businessCardsPath, findOwnBusinessCard, removeBusinessCard } from "~/features/contacts/business-cards.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7 delete/simple_upload_business_card (id) → type, message. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const card = await requireFound(form.get("id"), (id) => findOwnBusinessCard(member.id, id));
  await removeBusinessCard(card);
  return respond(request, { type: "success", message: "The business card is deleted." }, { to: businessCardsPath(card.contactId) });
}
