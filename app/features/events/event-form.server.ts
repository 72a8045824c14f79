import { constraintOf } from "~/lib/constraint.server";
import { clubTimeZone } from "~/lib/env.server";
import { acceptAttribute } from "~/lib/file-types";
import { placeOptions, type Place } from "~/lib/places.server";
import { timeZones } from "~/lib/time-zones";
import { uploadLimit } from "~/lib/uploads.server";
import { EventSchema } from "./schema";

/** What the create and edit dialogs need besides the event itself (the lists keep the edited
 * event's own place among them). */
export function eventFormData(place: Place) {
  return {
    constraint: constraintOf(EventSchema),
    places: placeOptions(place),
    timeZones: timeZones(),
    defaultTimeZone: clubTimeZone(),
    imageAccept: acceptAttribute("profile_image"),
    imageMaxBytes: uploadLimit("event_media", "image"),
  };
}
