import { requireYear } from "~/lib/http.server";

/** The names a net worth address gives its year by: `year`, and SPEC.md's `net_work_year`. */
const YEAR_NAMES: [string, ...string[]] = ["year", "net_work_year"];

/** The year a net worth address shows: this year when absent; a year out of range is a 400
 * saying so. */
export function yearOfAddress(request: Request) {
  return requireYear(new URL(request.url).searchParams, ...YEAR_NAMES);
}

/** The `?year=` an address gave, as given (SPEC.md §7's calls pass it on to the page, which checks it). */
export function askedYear(params: URLSearchParams) {
  return YEAR_NAMES.map((name) => params.get(name)).find((value) => value !== null) ?? null;
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
