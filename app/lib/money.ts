// The one reading of an amount typed in a form, for every money field (net worth, wish list,
// event tickets, offers, proposals): members type "18000", "18,000", "18,000.50", "2500,5",
// "$ 2 500". Read as integer cents without going through a float, so 0.29 is 29 cents exactly.

export type CentsProblem = "format" | "negative" | "too-large";

/** Integer cents, null for an empty field, or what is wrong with it. A comma followed by three
 * digits groups thousands ("18,000"); followed by one or two it is the decimal mark ("2500,5"). */
export function readCents(typed: string, maxCents: number): number | null | { problem: CentsProblem } {
  const text = typed.replace(/[\s\u00a0\u202f_'$€£¥₦]/g, "");
  if (!text) return null;
  if (text.startsWith("-") || text.startsWith("−")) return { problem: "negative" };
  let units: string;
  let fraction = "";
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/.exec(text))) {
    units = match[1].replaceAll(",", "");
    fraction = match[2] ?? "";
  } else if ((match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text))) {
    units = match[1];
    fraction = match[2] ?? "";
  } else return { problem: "format" };
  if (units.replace(/^0+/, "").length > 15) return { problem: "too-large" };
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > maxCents ? { problem: "too-large" } : cents;
}

/** "20,000,000" or "20,000,000.50": the largest amount a field takes, as its message says it. */
export function unitsText(cents: number) {
  const units = Math.floor(cents / 100).toLocaleString("en-US");
  return cents % 100 ? `${units}.${String(cents % 100).padStart(2, "0")}` : units;
}
