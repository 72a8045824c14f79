import { z } from "zod";
import { optionalAmount } from "~/features/events/schema";
import { parseId } from "~/lib/ids";
import { OFFER_STATUS_TYPES } from "./constants";

export const OfferSchema = z.object({
  title: z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters."),
  price: optionalAmount,
  event_id: z
    .string()
    .trim()
    .optional()
    // An id a table can hold: 0 reached the database as an event that is not there, a larger
    // one than PostgreSQL's integer failed there (500s). The event lookup is not asked then.
    .refine((value) => !value || parseId(value) !== null, { error: "Choose an event from the list.", abort: true })
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
