// What the proposal forms, views and schemas share. Components import this file, never the
// schema (zod stays on the server).

export type Side = "entrepreneur" | "investor";

export const SIDES: readonly Side[] = ["entrepreneur", "investor"];

/** The other side of a connection: an entrepreneur connects to an investor's entry and back. */
export function otherSide(side: Side): Side {
  return side === "entrepreneur" ? "investor" : "entrepreneur";
}

/** "/user/entrepreneurs", "/user/investors": the list of each side's entries. */
export function sidePath(side: Side) {
  return side === "entrepreneur" ? "/user/entrepreneurs" : "/user/investors";
}

export function entryPath(side: Side, id: number) {
  return `${sidePath(side)}/${id}`;
}

export function connectionPath(id: number) {
  return `/user/connections/${id}`;
}

export const SIDE_LABEL: Record<Side, string> = { entrepreneur: "entrepreneur", investor: "investor" };

export const SECTORS = [
  { value: "agriculture", label: "Agriculture and food" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "retail", label: "Retail and trade" },
  { value: "technology", label: "Technology" },
  { value: "real_estate", label: "Real estate and construction" },
  { value: "health", label: "Health" },
  { value: "education", label: "Education" },
  { value: "energy", label: "Energy" },
  { value: "logistics", label: "Transport and logistics" },
  { value: "hospitality", label: "Hospitality and tourism" },
  { value: "finance", label: "Financial services" },
  { value: "creative", label: "Creative industries" },
  { value: "other", label: "Other" },
] as const;

export type Sector = (typeof SECTORS)[number]["value"];

export function sectorLabel(value: string) {
  return SECTORS.find((sector) => sector.value === value)?.label ?? value;
}

export const MAX_TERM_MONTHS = 600;
export const MAX_RATE_PERCENT = 100;
/** The largest amount a form takes, in currency units: below 2^31 cents (PostgreSQL integer). */
export const MAX_AMOUNT_UNITS = 20_000_000;

/** SPEC.md §9: the investor connect lands on the returned address after 1 s. */
export const INVESTOR_CONNECT_DELAY_MS = 1000;

/** "8.5 %" from 850 basis points. */
export function formatRate(basisPoints: number) {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")} %`;
}

/** "8.5" from 850, for a form's field. */
export function rateInput(basisPoints: number) {
  return (basisPoints / 100).toFixed(2).replace(/\.?0+$/, "");
}

/** "25000.5" from 2500050 cents, for a form's field. */
export function amountInput(cents: number) {
  return (cents / 100).toFixed(2).replace(/\.00$/, "");
}

export function formatTerm(months: number) {
  return months === 1 ? "1 month" : `${months} months`;
}

export const STATUS_LABEL = {
  pending: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  closed: "Closed",
} as const;

export const AGREEMENT = "I agree to share my proposal and contact details with this member on the terms shown.";
