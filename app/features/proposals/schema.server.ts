import { z } from "zod";
import { countryOptions } from "~/lib/places.server";
import { readCents } from "~/lib/money";
import { idField, optionalText, requiredMoney } from "~/lib/schema-fields";
import { MAX_AMOUNT_UNITS, MAX_RATE_PERCENT, MAX_TERM_MONTHS, SECTORS } from "./constants";

const SECTOR_VALUES = SECTORS.map((sector) => sector.value) as [string, ...string[]];

function isCountry(code: string) {
  return countryOptions().some((country) => country.value === code);
}

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `Use at most ${max} characters.`);

/** An amount in currency units ("25000", "25,000.50") as integer cents, above zero. */
export const amountField = (label: string) =>
  requiredMoney({
    required: `${label} is required.`,
    format: "Enter an amount like 25000 or 25000.50.",
    negative: "The amount cannot be below zero.",
    maxCents: MAX_AMOUNT_UNITS * 100,
    tooLarge: `Use at most ${MAX_AMOUNT_UNITS.toLocaleString("en-US")}.`,
  }).refine((cents) => cents > 0, "Enter an amount above 0.");

const termField = z
  .string({ error: "Term is required." })
  .trim()
  .min(1, "Term is required.")
  .refine((value) => !value.startsWith("-"), "The term cannot be below zero.")
  .refine((value) => value.startsWith("-") || /^\d{1,4}$/.test(value), "Enter a whole number of months.")
  .transform(Number)
  .refine((value) => value >= 1 && value <= MAX_TERM_MONTHS, `Enter from 1 to ${MAX_TERM_MONTHS} months.`);

/** A yearly rate in percent ("8.5") as basis points (850). */
const rateField = z
  .string({ error: "Rate is required." })
  .trim()
  .min(1, "Rate is required.")
  .refine((value) => !value.startsWith("-"), "The rate cannot be below zero.")
  .refine((value) => value.startsWith("-") || /^\d{1,3}([.,]\d{1,2})?$/.test(value), "Enter a rate like 8 or 8.5.")
  .transform((value) => Math.round(Number(value.replace(",", ".")) * 100))
  .refine((basisPoints) => basisPoints <= MAX_RATE_PERCENT * 100, `Use at most ${MAX_RATE_PERCENT} %.`);

const sectorField = z.enum(SECTOR_VALUES, { error: "Choose a sector from the list." });
const countryField = z.string({ error: "Choose a country." }).trim().refine(isCountry, "Choose a country from the list.");

/** SPEC.md §2's entrepreneur proposal form: a venture seeking a loan. */
export const EntrepreneurSchema = z.object({
  business_name: requiredText("Business", 150),
  sector: sectorField,
  amount: amountField("Amount sought"),
  purpose: requiredText("Purpose", 2000),
  term_months: termField,
  rate: rateField,
  country: countryField,
});

export type EntrepreneurInput = z.infer<typeof EntrepreneurSchema>;

/** SPEC.md §2's investor form: loans a member offers. Countries may be left empty (any). */
export const InvestorSchema = z
  .object({
    amount: amountField("Amount available"),
    sectors: z.array(sectorField, { error: "Choose at least one sector." }).min(1, "Choose at least one sector."),
    min_ticket: amountField("Minimum ticket"),
    max_ticket: amountField("Maximum ticket"),
    term_months: termField,
    rate: rateField,
    countries: z
      .array(countryField)
      .optional()
      .transform((value) => value ?? []),
  })
  .refine((value) => value.min_ticket <= value.max_ticket, {
    path: ["max_ticket"],
    message: "The maximum ticket cannot be below the minimum.",
    when: (payload) => !payload.issues.some((issue) => ["min_ticket", "max_ticket"].includes(String(issue.path?.[0]))),
  })
  .refine((value) => value.max_ticket <= value.amount, {
    path: ["max_ticket"],
    message: "The maximum ticket cannot be above the amount available.",
    when: (payload) => !payload.issues.some((issue) => ["amount", "min_ticket", "max_ticket"].includes(String(issue.path?.[0]))),
  });

export type InvestorInput = z.infer<typeof InvestorSchema>;

/** The SHA-256 of the terms text the form showed (a hidden field): what the member agrees to. */
const termsHashField = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null);

/** SPEC.md §2's connect modal: one of the member's own proposals, a message and the agreement. */
export const ConnectSchema = z.object({
  proposal_id: idField("Choose one of your proposals."),
  message: requiredText("Message", 2000),
  is_agree: z
    .string({ error: "Tick the agreement to connect." })
    .refine((value) => value === "on" || value === "1" || value === "true", "Tick the agreement to connect."),
  terms_hash: termsHashField,
});

/** Accepting or declining, with an optional word to the other member. */
export const AnswerSchema = z.object({ message: optionalText(2000), terms_hash: termsHashField });

// Read as the forms read amounts; anything unreadable is no bound.
const optionalAmount = z
  .string()
  .optional()
  .transform((value) => {
    const read = readCents(value ?? "", MAX_AMOUNT_UNITS * 100);
    return typeof read === "number" ? read : null;
  });

/** The lists' GET filters: anything unreadable is ignored (a bookmark never breaks the page). */
export const FilterSchema = z.object({
  sector: z
    .string()
    .optional()
    .transform((value) => (value && SECTOR_VALUES.includes(value) ? value : null)),
  country: z
    .string()
    .optional()
    .transform((value) => (value && isCountry(value) ? value : null)),
  min: optionalAmount,
  max: optionalAmount,
});

export type EntryFilter = z.infer<typeof FilterSchema>;
