import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/offers");

/** SPEC.md §7 POST /user/offers/status {product_id, type}; the offer cards' Interested button posts here too. */
export { offerStatusAction as action } from "~/routes/offers/offer-status.server";
