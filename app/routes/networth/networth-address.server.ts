import { YEAR_MESSAGE } from "~/features/networth/schema";
import { yearFromAddress } from "~/features/networth/constants";
import { badRequest } from "~/lib/http.server";

/** The year a net worth address shows: `?year=` (SPEC.md's `net_work_year` too), this year when
 * absent; a year out of range is a 400 saying so. */
export function yearOfAddress(request: Request) {
  const params = new URL(request.url).searchParams;
  const year = yearFromAddress(params.get("year") ?? params.get("net_work_year"));
  if (year === null) badRequest(YEAR_MESSAGE);
  return year;
}

/** The yearly page of `year`. */
export function netWorthPage(year: number) {
  return `/user/net-worth?year=${year}`;
}

/** A quarter from the address (1–4) to start a new line with, or "". */
export function quarterOfAddress(request: Request) {
  const quarter = new URL(request.url).searchParams.get("quarter") ?? "";
  return /^[1-4]$/.test(quarter) ? quarter : "";
}
