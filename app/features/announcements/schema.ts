import { z } from "zod";

const MESSAGE_MAX = 280;
const LINK_MAX = 2000;

/** What an <input type="datetime-local"> sends: no time zone, read as UTC. */
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

function utcInstant(value: string) {
  if (!DATETIME_LOCAL.test(value)) return null;
  const normalized = value.replace(" ", "T");
  const date = new Date(`${normalized}Z`);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls impossible days over (February 30th becomes March 2nd); refuse them instead.
  const instant = date.toISOString();
  return instant.slice(0, 16) === normalized.slice(0, 16) ? instant : null;
}

/** An absolute http(s) address, or a path on this site ("/user/events"), never "//host". */
function isTickerLink(value: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\") && !/[\s\u0000-\u001F\u007F]/.test(value);
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname) && !/\s/.test(value);
}

const Instant = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => utcInstant(value) !== null, `Enter the ${label} as a date and time.`)
    .transform((value) => utcInstant(value)!);

export const AnnouncementSchema = z
  .object({
    message: z
      .string({ error: "Write the announcement." })
      .trim()
      .min(1, "Write the announcement.")
      .max(MESSAGE_MAX, `Use at most ${MESSAGE_MAX} characters.`)
      // The ticker is one line.
      .transform((value) => value.replace(/\s+/g, " ")),
    linkUrl: z
      .string()
      .trim()
      .max(LINK_MAX, `Use at most ${LINK_MAX} characters.`)
      .refine(isTickerLink, "Enter a web address starting with http:// or https://, or a path on this site starting with /.")
      .optional()
      .transform((value) => value || null),
    startsAt: Instant("start").optional(),
    endsAt: Instant("end").optional(),
  })
  .superRefine(
    (value, ctx) => {
      if (!value.endsAt) return;
      const startsAt = value.startsAt ?? new Date().toISOString();
      if (value.endsAt <= startsAt) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start." });
      } else if (value.endsAt <= new Date().toISOString()) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be in the future." });
      }
    },
    // Also when the message is wrong, so that every mistake is shown at once; not when a time
    // itself could not be read.
    { when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "startsAt" || issue.path?.[0] === "endsAt") },
  );

export type NewAnnouncement = z.infer<typeof AnnouncementSchema>;
/** The form's fields, as the browser sends them. */
export type AnnouncementFields = z.input<typeof AnnouncementSchema>;
