import { placeErrors, type Place } from "~/lib/places.server";
import { duplicateMessage, normalizePhone } from "./contacts.server";
import { ContactSchema } from "./schema";

/** The checks only the server makes (the phone number with libphonenumber, e-mail and phone
 * already used by another contact or invitation, the place), read from the fields as sent so
 * that they are answered beside the schema's own errors: one submit shows every problem,
 * also without JavaScript. Gives the phone number in international form. `storedPlace` is the
 * edited contact's place, kept as it is though the lists would not offer it. */
export async function contactChecks(ownerId: number, contactId: number | null, formData: FormData, storedPlace?: Place) {
  const text = (name: string) => String(formData.get(name) ?? "").trim() || null;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const country = text("country");
  const typedPhone = text("phone");
  const phone = typedPhone ? normalizePhone(typedPhone, country) : null;
  if (typedPhone && !phone) add("phone", "Please provide a valid phone number.");
  const email = ContactSchema.shape.email.safeParse(formData.get("email") ?? undefined);
  const emailTaken = email.success ? await duplicateMessage(ownerId, "email", email.data, contactId) : "";
  if (emailTaken) add("email", emailTaken);
  const phoneTaken = await duplicateMessage(ownerId, "phone", phone, contactId);
  if (phoneTaken) add("phone", phoneTaken);
  for (const [field, message] of Object.entries(placeErrors({ country, province: text("province"), city: text("city") }, storedPlace))) add(field, message);
  return { errors, phone };
}
