import { z } from "zod";
import { JOURNAL_MAX_LENGTH } from "./dates";

export const JOURNAL_REQUIRED = "Write your journal before saving.";

/** The journal dialog's form: the day's text (the day is in the address). Line breaks are kept;
 * blank lines around it are not. */
export const JournalSchema = z.object({
  text: z
    .string({ error: JOURNAL_REQUIRED })
    .trim()
    .min(1, JOURNAL_REQUIRED)
    .max(JOURNAL_MAX_LENGTH, `Use at most ${JOURNAL_MAX_LENGTH.toLocaleString("en-US")} characters.`),
});

export type JournalInput = z.infer<typeof JournalSchema>;
