import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseId } from "~/features/events/events.server";
import { getOffer, setOfferStatus } from "~/features/offers/offers.server";
import { OFFER_STATUS_TYPES, type OfferStatusType } from "~/features/offers/constants";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/offers");
}

/** SPEC.md §7 POST /user/offers/status {product_id, type}: for the signed-in member (the
 * user_id SPEC's client also sends is ignored). */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const type = String(form.get("type") ?? "");
  if (!(OFFER_STATUS_TYPES as readonly string[]).includes(type)) throw new Response("type must be Interested or Uninterested", { status: 400 });
  const id = parseId(String(form.get("product_id") ?? ""));
  const offer = id ? await getOffer(id, member.id) : null;
  if (!offer) throw new Response("Not found", { status: 404 });
  await setOfferStatus(member.id, offer.id, type as OfferStatusType);
  return respond(request, {
    type: "success",
    message: type === "Interested" ? `You are interested in ${offer.title}.` : `You are no longer interested in ${offer.title}.`,
  });
}
