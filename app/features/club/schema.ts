import { z } from "zod";
import { DIGEST_DAYS } from "~/lib/digest-days";
import { includesField, PACKAGES } from "~/features/membership/packages";
import { currencyCodes } from "~/lib/currencies";
import { optionalText } from "~/lib/schema-fields";
import { isTimeZone } from "~/lib/time-zones";

/** The form field of what a package includes ("includes_elite"). */
const includes = Object.fromEntries(PACKAGES.map((item) => [includesField(item.id), optionalText(2000)]));

/** The club's page (/user/admin/club): name, time zone, currency, bank details and what each
 * membership package includes. */
export const ClubSettingsSchema = z
  .object({
    name: z.string({ error: "Enter the club's name." }).trim().min(1, "Enter the club's name.").max(100, "Use at most 100 characters."),
    timeZone: z.string({ error: "Choose a time zone." }).trim().min(1, "Choose a time zone.").refine(isTimeZone, "Choose a time zone from the list."),
    currency: z
      .string({ error: "Choose a currency from the list." })
      .trim()
      .toUpperCase()
      .refine((code) => /^[A-Z]{3}$/.test(code) && currencyCodes().includes(code), "Choose a currency from the list."),
    bankAccountName: optionalText(120),
    bankName: optionalText(120),
    bankIban: optionalText(64),
    bankBic: optionalText(20),
    bankInstructions: optionalText(1000),
    // Optional: a form without it (an older page) leaves the stored day as it is.
    digestDay: z
      .enum(
        DIGEST_DAYS.map((day) => day.value),
        { error: "Choose a day from the list." },
      )
      .optional(),
    ...includes,
  })
  .superRefine((value, ctx) => {
    // Without an account number, members would be shown a transfer they cannot make.
    if ((value.bankAccountName || value.bankName || value.bankBic) && !value.bankIban) {
      ctx.addIssue({ code: "custom", path: ["bankIban"], message: "Enter the account number or IBAN, or leave the bank details empty." });
    }
  });

export type ClubSettingsFields = z.input<typeof ClubSettingsSchema>;
