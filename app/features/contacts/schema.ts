import { z } from "zod";
import { parseId } from "~/lib/ids";
import { optionalText } from "~/lib/schema-fields";
import { LABEL_MAX } from "./categories";
import { IMPORT_DUPLICATES } from "./constants";

const EMAIL = z.email();

// SPEC.md §5's messages. The phone number is checked on the server with libphonenumber
// (contacts.server.ts), which is too heavy to ship to phones.
export const ContactSchema = z.object({
  name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(120, "Use at most 120 characters."),
  // Checked when not blank (SPEC.md §5), and not marked required on the form.
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === "" || (value.length <= 254 && EMAIL.safeParse(value).success), "Please provide a valid email address.")
    .optional()
    .transform((value) => (value ? value : null)),
  phone: optionalText(40),
  country: optionalText(60),
  province: optionalText(60),
  city: optionalText(100),
  occupation: optionalText(120),
  meet_place: optionalText(120),
});

export type ContactInput = z.infer<typeof ContactSchema>;

export const BusinessSchema = z.object({
  company: optionalText(150),
  business_type: optionalText(100),
  industry: optionalText(100),
  website: z
    .string()
    .trim()
    .max(300, "Use at most 300 characters.")
    .optional()
    .transform((value) => (value ? (/^https?:\/\//i.test(value) ? value : `https://${value}`) : null))
    .pipe(z.union([z.null(), z.url({ protocol: /^https?$/, error: "Enter a web address, for example example.com." })])),
  address: optionalText(300),
  business_description: optionalText(2000),
});

export type BusinessInput = z.infer<typeof BusinessSchema>;

/** A label's name as typed, spaces collapsed: the same rule for new and renamed labels. */
const labelName = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim().replace(/\s+/g, " "));
const atMost = (max: number) => [(value: string) => value.length <= max, `Use at most ${max} characters.`] as const;

/** Renaming one of the member's labels ("my category"). */
export const LabelNameSchema = z.object({
  name: labelName.refine((name) => name.length > 0, "Category name is required.").refine(...atMost(LABEL_MAX)),
});

/** The "my category" dialog: the member's labels ticked, and a new one to add. */
export const ContactLabelsSchema = z.object({
  label: z
    .array(z.string())
    .optional()
    .transform((ids) => (ids ?? []).flatMap((id) => parseId(id) ?? [])),
  new_label: labelName.refine(...atMost(LABEL_MAX)).transform((name) => name || null),
});

/** The real estate and other category dialogs: one of the fixed choices, or none. */
export function fixedCategorySchema(choices: readonly { value: string }[]) {
  return z.object({
    category: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null)
      .refine((value) => value === null || choices.some((choice) => choice.value === value), "Choose one of the categories."),
  });
}

/** The chapter head dialog: the chapter the contact heads, or none. */
export const ChapterHeadSchema = z.object({
  chapter: labelName.refine(...atMost(80)).transform((chapter) => chapter || null),
});

/** SPEC.md §7 change_isImportant: 1 marks the contact important, 0 unmarks it. */
export const ImportantSchema = z.object({ is_important: z.enum(["0", "1"]) });

/** The contact being edited, if any, for the live checks (a new contact sends none). */
const editedContact = z.string({ error: "contact_id is a contact's id." }).optional();

/** SPEC.md §7 POST /user/ajax/check_contact_and_invite: the e-mail typed ("" checks nothing). */
export const EmailCheckSchema = z.object({
  email: z
    .string({ error: "Send the e-mail address as text." })
    .trim()
    .toLowerCase()
    .max(254, "Please provide a valid email address.")
    .optional()
    .transform((value) => value ?? ""),
  contact_id: editedContact,
});

/** The e-mail check's address: the invite form asks with ?for=invite (an address that is
 * already a member's counts too); the contact form asks without. */
export const EmailCheckQuerySchema = z.object({
  for: z.literal("invite", { error: "for is invite or absent." }).optional(),
});

/** SPEC.md §7 POST /user/ajax/check_contact_and_invite_to_phone: the number typed ("" checks
 * nothing) and the country it is read in. */
export const PhoneCheckSchema = z.object({
  phone: z
    .string({ error: "Send the phone number as text." })
    .trim()
    .optional()
    .transform((value) => value ?? ""),
  country: z
    .string({ error: "Choose a country from the list." })
    .trim()
    .max(60, "Choose a country from the list.")
    .optional()
    .transform((value) => value || null),
  contact_id: editedContact,
});

const countryCode = z.string({ error: "country_id must be a two-letter country code" }).regex(/^[A-Z]{2}$/, "country_id must be a two-letter country code");

/** SPEC.md §7 GET /user/ajax/get-province-by-countryId?country_id=: the place selects' provinces. */
export const ProvinceQuerySchema = z.object({ country_id: countryCode });

/** SPEC.md §7 GET /user/ajax/get-city-by-regionId?country_id=&region_id=: a province's cities. */
export const CityQuerySchema = z.object({
  country_id: z.string({ error: "country_id and region_id are required" }).pipe(countryCode),
  region_id: z.string({ error: "country_id and region_id are required" }).regex(/^[A-Z0-9-]{1,10}$/i, "region_id must be a province code"),
});

/** The import's mapping step: what happens to rows that are already contacts (the columns'
 * fields, column_0 …, are read by import.server.ts's mappingFrom, which knows how many). */
export const ImportMappingSchema = z.object({
  duplicates: z.enum(IMPORT_DUPLICATES, { error: "Choose whether duplicates are skipped or merged." }),
});
