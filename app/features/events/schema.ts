import { z } from "zod";
import { isCalendarDate } from "~/lib/dates";
import { optionalMoney, optionalText } from "~/lib/schema-fields";
import { STATUS_TYPES } from "./constants";
import { isTimeZone } from "~/lib/time-zones";

/** An amount in the currency's units ("25", "1,250.50"), as integer cents; empty means free.
 * At most 10,000,000: the column is a 32-bit integer of cents. */
export const optionalAmount = optionalMoney({ format: "Enter an amount like 25 or 25.50.", maxCents: 1_000_000_000 });

const optionalSeats = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || (/^\d{1,7}$/.test(value) && Number(value) >= 1), "Enter a number of seats of 1 or more.")
  .transform((value) => (value ? Number(value) : null));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const date = (what: string) =>
  z
    .string({ error: `${what} date is required.` })
    .trim()
    .min(1, `${what} date is required.`)
    .refine(isCalendarDate, "Enter a date as yyyy-mm-dd.");

/** SPEC.md §5/§9: the time picker steps by 5 minutes. */
const time = (what: string) =>
  z
    .string({ error: `${what} time is required.` })
    .trim()
    .min(1, `${what} time is required.`)
    .refine((value) => TIME.test(value), "Enter a time as hh:mm.")
    .refine((value) => !TIME.test(value) || Number(value.slice(3)) % 5 === 0, "Choose a time in steps of 5 minutes.");

const TIMING_FIELDS = ["start_date", "start_time", "end_date", "end_time"];

export const EventSchema = z
  .object({
    title: z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters."),
    description: optionalText(5000),
    start_date: date("Start"),
    start_time: time("Start"),
    end_date: date("End"),
    end_time: time("End"),
    time_zone: z.string({ error: "Choose a time zone." }).trim().min(1, "Choose a time zone.").refine(isTimeZone, "Choose a time zone from the list."),
    venue: optionalText(200),
    country: optionalText(60),
    province: optionalText(60),
    city: optionalText(100),
    general_capacity: optionalSeats,
    general_amount: optionalAmount,
    vip_capacity: optionalSeats,
    vip_amount: optionalAmount,
    /** Editing: the "Remove this image" box (a new image replaces the old one anyway). */
    remove_image: z.literal("1", { error: "Tick the box to remove the image." }).optional(),
  })
  .refine((event) => `${event.end_date}T${event.end_time}` > `${event.start_date}T${event.start_time}`, {
    path: ["end_time"],
    message: "The end must be after the start.",
    // Checked as soon as the four date and time fields are good, whatever else is wrong.
    when: (payload) => !payload.issues.some((issue) => TIMING_FIELDS.includes(String(issue.path?.[0]))),
  });

export type EventInput = z.infer<typeof EventSchema>;

/** SPEC.md §7 POST /user/events/status {event_id, type}; the id is looked up by the route. */
export const EventStatusCallSchema = z.object({ event_id: z.unknown(), type: z.enum(STATUS_TYPES) });
