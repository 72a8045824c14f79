import type { ActionFunctionArgs } from "@remix-run/node";
import { getOffer, setOfferStatus } from "~/features/offers/offers.server";
import { OfferStatusCallSchema } from "~/features/offers/schema";
import { badRequest, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 POST /user/offers/status {product_id, type}: for the signed-in member (the
 * user_id SPEC's client also sends is ignored). */
export async function offerStatusAction({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const call = OfferStatusCallSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!call.success) badRequest("type must be Interested or Uninterested");
  const { type, product_id } = call.data;
  const offer = await requireFound(product_id, (id) => getOffer(id, member.id));
  await setOfferStatus(member.id, offer.id, type);
  return respond(request, {
    type: "success",
    message: type === "Interested" ? `You are interested in ${offer.title}.` : `You are no longer interested in ${offer.title}.`,
  });
}
