import { constraintOf } from "~/lib/constraint.server";
import { clubSettings } from "~/lib/club.server";
import { acceptAttribute } from "~/lib/file-types";
import { placeOptions, type Place } from "~/lib/places.server";
import { timeZones } from "~/lib/time-zones";
import { uploadLimit } from "~/lib/uploads.server";
import { EventSchema } from "./schema";

/** What the create and edit dialogs need besides the event itself (the lists keep the edited
 * event's own place among them). */
export async function eventFormData(place: Place) {
  const club = await clubSettings();
  return {
    constraint: constraintOf(EventSchema),
    places: placeOptions(place),
    timeZones: timeZones(),
    defaultTimeZone: club.timeZone,
    currency: club.currency,
    imageAccept: acceptAttribute("profile_image"),
    imageMaxBytes: uploadLimit("event_media", "image"),
  };
}
