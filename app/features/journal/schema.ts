import { z } from "zod";
import { DATE_MESSAGE, JOURNAL_MAX_LENGTH, journalDateProblem } from "./dates";

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

/** SPEC.md §7 GET /user/calendercd/showtaskreviewbeforeprintjournal?thisdate=: a journal's day. */
export const JournalDayQuerySchema = z.object({
  thisdate: z
    .string({ error: DATE_MESSAGE })
    .trim()
    .superRefine((value, context) => {
      const problem = journalDateProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});
