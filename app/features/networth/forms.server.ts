import { constraintOf } from "~/lib/constraint.server";
import type { Flow } from "./constants";
import { memberCurrency } from "./networth.server";
import { EntrySchema, lineSchemaOf } from "./schema";

/** What the entry dialogs need besides the entry: the form's HTML constraints and the currency. */
export async function entryFormData(memberId: number) {
  return { constraint: constraintOf(EntrySchema), currency: await memberCurrency(memberId) };
}

/** What the income and expenses dialogs need besides the line. */
export async function lineFormData(memberId: number, flow: Flow) {
  return { constraint: constraintOf(lineSchemaOf(flow)), currency: await memberCurrency(memberId) };
}
