import { parseWithZod } from "~/lib/parse-form.server";
import { json } from "@remix-run/node";
import { contactChecks } from "~/features/contacts/contact-checks.server";
import { createContact, updateBusiness, updateContact } from "~/features/contacts/contacts.server";
import { BusinessSchema, ContactSchema } from "~/features/contacts/schema";
import { deleteFile } from "~/lib/files.server";
import { formFailure, notFound } from "~/lib/http.server";
import { placeOptionsOfForm, type Place } from "~/lib/places.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveUpload, uploadErrorMessage } from "~/lib/uploads.server";

// The contact dialogs' actions, shared by the dialogs and SPEC.md §7's save_changes and
// business_update addresses.

/** The form's fields, and, when adding, the profile image if one was chosen: through the one
 * upload path, as the edit dialog's image control (contact_profile_image: its types, its
 * 2,000,000 bytes, its content check). A refused image is the field's error; what was typed
 * before it in the form comes back either way. */
async function readForm(request: Request, member: Member, adding: boolean) {
  if (!adding || !(request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    return { formData: await request.formData(), imageId: null, imageError: null };
  }
  const upload = await receiveUpload(request, { kind: "contact_profile_image", ownerId: member.id, field: "image", required: false });
  const formData = upload.fields ?? (upload.ok ? undefined : upload.readBefore) ?? new FormData();
  formData.delete("image");
  if (!upload.ok) return { formData, imageId: null, imageError: uploadErrorMessage(upload.error) };
  return { formData, imageId: upload.file?.id ?? null, imageError: null };
}

/** The add and edit dialogs' action: validate (SPEC.md §5 messages, the duplicate checks,
 * the phone number and the place, the image when adding), save, and land on the contact's
 * profile. The contact and its image are saved together or not at all. `existing` is the
 * contact being edited (its place is kept as stored when the member leaves it alone). */
export async function saveContact(request: Request, member: Member, existing: ({ id: number } & Place) | null) {
  const contactId = existing?.id ?? null;
  const { formData, imageId, imageError } = await readForm(request, member, contactId === null);
  const placesFor = () => placeOptionsOfForm(formData, existing ?? undefined);

  if (formData.get("intent") === "refresh-places") {
    if (imageId) await deleteFile(imageId);
    const submission = parseWithZod(formData, { schema: ContactSchema.partial() });
    return json({ result: submission.reply(), places: placesFor() });
  }

  const submission = parseWithZod(formData, { schema: ContactSchema });
  const checked = await contactChecks(member.id, contactId, formData, existing ?? undefined);
  if (imageError) (checked.errors.image ??= []).push(imageError);
  if (submission.status !== "success" || Object.keys(checked.errors).length > 0) {
    if (imageId) await deleteFile(imageId);
    const schemaErrors = submission.status === "error" ? submission.error : undefined;
    const fieldErrors = Object.fromEntries(Object.entries(checked.errors).map(([field, messages]) => [field, [...(schemaErrors?.[field] ?? []), ...messages]]));
    return formFailure(submission.reply({ fieldErrors }), { places: placesFor() });
  }
  const contact = { ...submission.value, phone: checked.phone };

  let id = contactId;
  if (id === null) {
    try {
      id = await createContact(member.id, contact, imageId);
    } catch (error) {
      if (imageId) await deleteFile(imageId);
      throw error;
    }
  } else if (!(await updateContact(member.id, id, contact))) notFound();
  return respond(request, { type: "success", message: contactId === null ? "Contact added." : "Contact saved." }, { to: `/user/profile?cicid=${id}` });
}

/** The business dialog's action (SPEC.md §7 business_update): validate, save, and land on
 * the contact's profile. */
export async function saveBusiness(request: Request, member: Member, contact: { id: number; name: string }) {
  const submission = parseWithZod(await request.formData(), { schema: BusinessSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (!(await updateBusiness(member.id, contact.id, submission.value))) notFound();
  return respond(request, { type: "success", message: `${contact.name}'s business is saved.` }, { to: `/user/profile?cicid=${contact.id}` });
}
