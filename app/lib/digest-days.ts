/** The weekdays the club's weekly digest can go out on, or not at all (zod-free: the club page's
 * form and the server share it). `weekday` is JavaScript's (0: Sunday). */
export const DIGEST_DAYS = [
  { value: "monday", label: "Monday", weekday: 1 },
  { value: "tuesday", label: "Tuesday", weekday: 2 },
  { value: "wednesday", label: "Wednesday", weekday: 3 },
  { value: "thursday", label: "Thursday", weekday: 4 },
  { value: "friday", label: "Friday", weekday: 5 },
  { value: "saturday", label: "Saturday", weekday: 6 },
  { value: "sunday", label: "Sunday", weekday: 0 },
  { value: "off", label: "Not sent", weekday: null },
] as const;

export type DigestDay = (typeof DIGEST_DAYS)[number]["value"];

export const DEFAULT_DIGEST_DAY: DigestDay = "monday";

/** The hour of the club's day from which that day's digests go out. */
export const DIGEST_HOUR = 8;

export function isDigestDay(value: unknown): value is DigestDay {
  return DIGEST_DAYS.some((day) => day.value === value);
}

export function digestDayLabel(value: DigestDay) {
  return DIGEST_DAYS.find((day) => day.value === value)?.label ?? value;
}
