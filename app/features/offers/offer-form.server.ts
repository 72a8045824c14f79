import { upcomingEventOptions } from "~/features/events/events.server";
import { constraintOf } from "~/lib/constraint.server";
import { db } from "~/lib/db.server";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { OfferSchema } from "./schema";
import { formatDate } from "~/lib/format";

/** What the create and edit dialogs need: upcoming events to tie the offer to (and the one
 * it is tied to, even when past). */
export async function offerFormData(currentEventId: number | null) {
  const events = await upcomingEventOptions();
  if (currentEventId && !events.some((event) => event.value === String(currentEventId))) {
    const current = await db.selectFrom("events").select(["id", "title", "starts_at"]).where("id", "=", currentEventId).executeTakeFirst();
    if (current) events.unshift({ value: String(current.id), label: `${current.title} · ${formatDate(current.starts_at.slice(0, 10))}` });
  }
  return {
    constraint: constraintOf(OfferSchema),
    events,
    imageAccept: acceptAttribute("product_image"),
    imageMaxBytes: uploadLimit("product_image", "image"),
  };
}
