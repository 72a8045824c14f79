import { getZodConstraint } from "@conform-to/zod/v4";
import { acceptAttribute } from "~/lib/file-types";
import { placeOptions } from "~/lib/places.server";
import { uploadLimit } from "~/lib/uploads.server";
import { EventSchema } from "./schema";
import { defaultTimeZone, timeZones } from "./time";

/** What the create and edit dialogs need besides the event itself. */
export function eventFormData(place: { country: string | null; province: string | null }) {
  return {
    constraint: getZodConstraint(EventSchema),
    places: placeOptions(place),
    timeZones: timeZones(),
    defaultTimeZone: defaultTimeZone(),
    imageAccept: acceptAttribute("profile_image"),
    imageMaxBytes: uploadLimit("event_media", "image"),
  };
}
