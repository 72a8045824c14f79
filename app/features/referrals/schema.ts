import { z } from "zod";
import { BusinessSchema, ContactSchema } from "~/features/contacts/schema";
import { parseCents } from "~/features/networth/schema";
import { currencyCodes } from "~/lib/currencies";
import { isCalendarDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { optionalText } from "~/lib/schema-fields";
import { COPYABLE_FIELDS, REFERRAL_STATUSES } from "./constants";

export const NEED_MAX = 1000;
export const NOTE_MAX = 2000;
export const REASON_MAX = 500;

const optionalId = z
  .string()
  .optional()
  .transform((value) => (value ? parseId(value) : null));

/**
 * The "Give a referral" form. The person referred is one of the giver's contacts (`contact_id`,
 * with the fields ticked in `copy`) or typed in; the action reads the contact, scoped to the
 * giver, and checks that a name was typed when none was chosen.
 */
export const GiveReferralSchema = z.object({
  receiver_id: z
    .string({ error: "Choose the member you refer to." })
    .refine((value) => parseId(value) !== null, "Choose the member you refer to.")
    .transform(Number),
  contact_id: optionalId,
  copy: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(COPYABLE_FIELDS.map((field) => field.name) as [string, ...string[]], { error: "Choose what to pass on from the list." })),
  ),
  name: optionalText(120),
  company: optionalText(150),
  occupation: optionalText(120),
  email: ContactSchema.shape.email,
  phone: optionalText(40),
  city: optionalText(100),
  website: BusinessSchema.shape.website,
  need: z.string({ error: "Say what they need." }).trim().min(1, "Say what they need.").max(NEED_MAX, `Use at most ${NEED_MAX} characters.`),
  warmth: z
    .string({ error: "Choose how warm it is." })
    .refine((value) => /^[1-5]$/.test(value), "Choose how warm it is.")
    .transform(Number),
  own_need: z
    .string()
    .optional()
    .transform((value) => value === "1"),
  note: optionalText(NOTE_MAX),
});
export type GiveReferralInput = z.infer<typeof GiveReferralSchema>;

/** The receiver's move of a referral: the amount (grouped input accepted) and its currency
 * only for business closed, a reason required for no business. */
export const MoveReferralSchema = z
  .object({
    status: z.enum(REFERRAL_STATUSES.map((item) => item.value) as ["new", "contacted", "meeting_set", "closed", "no_business"], {
      error: "Choose the new status.",
    }),
    amount: z
      .string()
      .optional()
      .transform((typed, ctx) => {
        const parsed = parseCents(typed ?? "");
        if (parsed !== null && typeof parsed === "object") {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .refine((code) => !code || currencyCodes().includes(code), "Choose a currency from the list."),
    reason: optionalText(REASON_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.status === "no_business" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why no business came of it." });
    }
    if (value.status === "closed" && value.amount !== null && !value.currency) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: "Choose a currency from the list." });
    }
  });
export type MoveReferralInput = z.infer<typeof MoveReferralSchema>;

/** Recording a one-to-one: the member met, the day (not after today, the action checks on the
 * member's clock), where, and the member's own note. */
export const OneToOneSchema = z.object({
  partner_id: z
    .string({ error: "Choose the member you met." })
    .refine((value) => parseId(value) !== null, "Choose the member you met.")
    .transform(Number),
  met_on: z
    .string({ error: "Enter a date as yyyy-mm-dd." })
    .trim()
    .refine((value) => isCalendarDate(value), "Enter a date as yyyy-mm-dd."),
  place: optionalText(150),
  note: optionalText(NOTE_MAX),
});
export type OneToOneInput = z.infer<typeof OneToOneSchema>;

export const OneToOneNoteSchema = z.object({ note: optionalText(NOTE_MAX) });

/** A visitor a member brought to an event: a name, and the e-mail and business if known. */
export const VisitorSchema = z.object({
  name: ContactSchema.shape.name,
  email: ContactSchema.shape.email,
  business: optionalText(150),
});
export type VisitorInput = z.infer<typeof VisitorSchema>;

/** The engagement lights' points and thresholds (the admin's page): whole numbers, green's
 * threshold above amber's. */
const points = (label: string) =>
  z
    .string({ error: `Enter the points for ${label}.` })
    .trim()
    .refine((value) => /^\d{1,3}$/.test(value), `Enter a whole number from 0 to 999 for ${label}.`)
    .transform(Number);
export const EngagementSettingsSchema = z
  .object({
    attendance: points("an event attended"),
    referral: points("a referral given"),
    oneToOne: points("a one-to-one"),
    visitor: points("a visitor"),
    thanks: points("each 1,000 given in thank-yous"),
    greenFrom: z
      .string({ error: "Enter the points for green." })
      .trim()
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) > 0, "Enter a whole number from 1 to 99999.")
      .transform(Number),
    amberFrom: z
      .string({ error: "Enter the points for amber." })
      .trim()
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) > 0, "Enter a whole number from 1 to 99999.")
      .transform(Number),
  })
  .superRefine((value, ctx) => {
    if (value.amberFrom >= value.greenFrom) ctx.addIssue({ code: "custom", path: ["amberFrom"], message: "Amber must start below green." });
  });
