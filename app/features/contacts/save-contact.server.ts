import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { placeErrors, placeOptions } from "~/lib/places.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { createContact, duplicateMessage, normalizePhone, updateBusiness, updateContact } from "./contacts.server";
import { BusinessSchema, ContactSchema } from "./schema";

/** The add and edit dialogs' action: validate (SPEC.md §5 messages, the duplicate checks,
 * the phone number and the place), save, and land on the contact's profile. */
export async function saveContact(request: Request, member: Member, contactId: number | null) {
  const formData = await request.formData();
  const placesFor = () =>
    placeOptions({ country: String(formData.get("country") ?? "") || null, province: String(formData.get("province") ?? "") || null });

  if (formData.get("intent") === "refresh-places") {
    const submission = parseWithZod(formData, { schema: ContactSchema.partial() });
    return json({ result: submission.reply(), places: placesFor() });
  }

  const submission = await parseWithZod(formData, {
    schema: ContactSchema.transform(async (contact, ctx) => {
      let phone: string | null = null;
      if (contact.phone) {
        phone = normalizePhone(contact.phone, contact.country);
        if (!phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "Please provide a valid phone number." });
      }
      const emailTaken = await duplicateMessage(member.id, "email", contact.email, contactId);
      if (emailTaken) ctx.addIssue({ code: "custom", path: ["email"], message: emailTaken });
      const phoneTaken = await duplicateMessage(member.id, "phone", phone, contactId);
      if (phoneTaken) ctx.addIssue({ code: "custom", path: ["phone"], message: phoneTaken });
      for (const [field, message] of Object.entries(placeErrors(contact))) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
      return { ...contact, phone };
    }),
    async: true,
  });
  if (submission.status !== "success") return json({ result: submission.reply(), places: placesFor() }, { status: 400 });

  let id = contactId;
  if (id === null) id = await createContact(member.id, submission.value);
  else if (!(await updateContact(member.id, id, submission.value))) throw new Response("Not found", { status: 404 });
  return respond(
    request,
    { type: "success", message: contactId === null ? "Contact added." : "Contact saved." },
    { to: `/user/profile?cicid=${id}` },
  );
}

/** The business dialog's action (SPEC.md §7 business_update): validate, save, and land on
 * the contact's profile. */
export async function saveBusiness(request: Request, member: Member, contact: { id: number; name: string }) {
  const submission = parseWithZod(await request.formData(), { schema: BusinessSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  if (!(await updateBusiness(member.id, contact.id, submission.value))) throw new Response("Not found", { status: 404 });
  return respond(request, { type: "success", message: `${contact.name}'s business is saved.` }, { to: `/user/profile?cicid=${contact.id}` });
}
