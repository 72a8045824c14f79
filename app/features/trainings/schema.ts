import { z } from "zod";
import { isCalendarDate, isKeptYear } from "~/lib/dates";
import { optionalText } from "~/lib/schema-fields";
import { isTimeZone } from "~/lib/time-zones";
import { MAX_CAPACITY, MAX_DURATION_MINUTES, PLACE_OR_LINK } from "./constants";

/** A training's day: a real date within the years lib/dates.ts keeps. */
function realDate(value: string) {
  return isCalendarDate(value) && isKeptYear(Number(value.slice(0, 4)));
}

const wholeNumber = (required: string, max: number, tooBig: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => !value.startsWith("-") && !/^0+$/.test(value), "Enter a number above 0.")
    .refine((value) => value.startsWith("-") || /^0+$/.test(value) || /^\d{1,6}$/.test(value), "Enter a whole number.")
    .transform(Number)
    .refine((value) => value <= max, tooBig);

/** SPEC.md §2's training form. The trainer is a typed name (the creator's when left empty);
 * the date and time are the wall clock of its time zone (the club's when none is sent). */
export const TrainingSchema = z
  .object({
    title: z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters."),
    description: optionalText(5000),
    trainer_name: optionalText(120),
    date: z.string({ error: "Date is required." }).trim().min(1, "Date is required.").refine(realDate, "Enter a date as yyyy-mm-dd."),
    start_time: z
      .string({ error: "Start time is required." })
      .trim()
      .min(1, "Start time is required.")
      .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), "Enter a time as hh:mm."),
    time_zone: optionalText(64).refine((value) => !value || isTimeZone(value), "Choose a time zone from the list."),
    duration: wholeNumber("Duration is required.", MAX_DURATION_MINUTES, `Use at most ${MAX_DURATION_MINUTES} minutes.`),
    place: optionalText(200),
    online_link: optionalText(500).refine((value) => !value || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), "Enter a link starting with https://."),
    capacity: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(wholeNumber("", MAX_CAPACITY, `Use at most ${MAX_CAPACITY} places.`).optional())
      .transform((value) => value ?? null),
  })
  .refine((value) => value.place || value.online_link, {
    path: ["place"],
    message: PLACE_OR_LINK,
    // Shown with the other fields' messages, unless the place or link has its own.
    when: (payload) => !payload.issues.some((issue) => ["place", "online_link"].includes(String(issue.path?.[0]))),
  });

export type TrainingInput = z.infer<typeof TrainingSchema>;
