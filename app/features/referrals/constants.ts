import type { ReferralStatus } from "~/lib/db-schema";

/** The statuses in the order a referral moves through them; the last two end it. */
export const REFERRAL_STATUSES: readonly { value: ReferralStatus; label: string }[] = [
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "meeting_set", label: "Meeting set" },
  { value: "closed", label: "Business closed" },
  { value: "no_business", label: "No business" },
];

export const ENDED_STATUSES: readonly ReferralStatus[] = ["closed", "no_business"];

export function statusLabel(status: ReferralStatus) {
  return REFERRAL_STATUSES.find((item) => item.value === status)?.label ?? status;
}

export function isOpen(status: ReferralStatus) {
  return !ENDED_STATUSES.includes(status);
}

/**
 * Where a referral may go from `status`: forward only (a step may be skipped: a first call can
 * close the business), and nowhere once it has ended, so the giver's thank-you and the report's
 * figures never change behind them.
 */
export function nextStatuses(status: ReferralStatus): ReferralStatus[] {
  if (!isOpen(status)) return [];
  const order = REFERRAL_STATUSES.map((item) => item.value);
  return order.slice(order.indexOf(status) + 1);
}

export function canMove(from: ReferralStatus, to: ReferralStatus) {
  return nextStatuses(from).includes(to);
}

/** How warm a referral is: what the giver did before passing it on. */
export const WARMTH: readonly { value: number; label: string; words: string }[] = [
  { value: 1, label: "1 · Cold", words: "A name and a need: they do not know you will call." },
  { value: 2, label: "2 · Cool", words: "They know I am passing their name on." },
  { value: 3, label: "3 · Warm", words: "They expect your call." },
  { value: 4, label: "4 · Hot", words: "I told them about you and they want to talk." },
  { value: 5, label: "5 · Ready", words: "They want to buy; I can introduce you in person." },
];

export function warmthLabel(value: number) {
  return WARMTH.find((item) => item.value === value)?.label ?? String(value);
}

/** What of a contact the giver may pass on, each only when ticked; the name always goes. */
export const COPYABLE_FIELDS = [
  { name: "company", label: "Company" },
  { name: "occupation", label: "Occupation" },
  { name: "email", label: "E-mail" },
  { name: "phone", label: "Phone" },
  { name: "city", label: "City" },
  { name: "website", label: "Website" },
] as const;

export type CopyableField = (typeof COPYABLE_FIELDS)[number]["name"];

const ONE_TO_ONE_STATUSES: Record<"proposed" | "confirmed" | "declined", string> = {
  proposed: "Waiting for confirmation",
  confirmed: "Confirmed",
  declined: "Declined",
};

export function oneToOneStatusLabel(status: "proposed" | "confirmed" | "declined") {
  return ONE_TO_ONE_STATUSES[status];
}

/** The chapter report's columns, in order. */
export const REPORT_COLUMNS = [
  { key: "name", label: "Member" },
  { key: "givenInside", label: "Given inside" },
  { key: "givenOutside", label: "Given outside" },
  { key: "receivedInside", label: "Received inside" },
  { key: "receivedOutside", label: "Received outside" },
  { key: "oneToOnes", label: "One-to-ones" },
  { key: "visitors", label: "Visitors" },
  { key: "eventsAttended", label: "Events attended" },
  { key: "thanksGiven", label: "Thank-you given" },
  { key: "thanksReceived", label: "Thank-you received" },
] as const;
