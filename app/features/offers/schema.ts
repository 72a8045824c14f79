import { z } from "zod";
import { OFFER_STATUS_TYPES } from "./constants";
import { optionalAmount } from "~/features/events/schema";

export const OfferSchema = z.object({
  title: z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters."),
  price: optionalAmount,
  event_id: z
    .string()
    .trim()
    .optional()
    // An id is a positive number: 0 would reach the database as an event that is not there.
    .refine((value) => !value || /^[1-9]\d{0,14}$/.test(value), { error: "Choose an event from the list.", abort: true })
    .transform((value) => (value ? Number(value) : null)),
  description: z
    .string()
    .trim()
    .max(5000, "Use at most 5000 characters.")
    .optional()
    .transform((value) => (value ? value : null)),
});

export type OfferInput = z.infer<typeof OfferSchema>;

/** SPEC.md §7 POST /user/offers/status {product_id, type}; the id is looked up by the route. */
export const OfferStatusCallSchema = z.object({ product_id: z.unknown(), type: z.enum(OFFER_STATUS_TYPES) });
