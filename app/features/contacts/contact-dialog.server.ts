import { constraintOf } from "~/lib/constraint.server";
import { placeOptions } from "~/lib/places.server";
import { suggestions } from "./contacts.server";
import { ContactSchema } from "./schema";

/** What the add and edit dialogs need besides the contact itself. */
export async function contactFormData(ownerId: number, place: { country: string | null; province: string | null }) {
  const [meetPlaces, occupations] = await Promise.all([suggestions(ownerId, "meet_place"), suggestions(ownerId, "occupation")]);
  return { constraint: constraintOf(ContactSchema), places: placeOptions(place), suggestions: { meetPlaces, occupations } };
}
