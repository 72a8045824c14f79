import type { ActionFunctionArgs } from "@remix-run/node";
import { duplicateMessage, normalizePhone } from "~/features/contacts/contacts.server";
import { PhoneCheckSchema } from "~/features/contacts/schema";
import { parseId, requireValid } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { checkAnswer } from "./check-answer.server";

/** SPEC.md §5/§7: "" when the phone number is free (or blank), otherwise the error text. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { phone: typed, country, contact_id } = requireValid(await request.formData(), PhoneCheckSchema);
  if (!typed) return checkAnswer("");
  const phone = normalizePhone(typed, country);
  return checkAnswer(phone ? await duplicateMessage(member.id, "phone", phone, parseId(contact_id)) : "Please provide a valid phone number.");
}
