import { parseWithZod } from "~/lib/parse-form.server";
import { FLOWS, type Flow, labelOf, MAX_LINES_PER_QUARTER, quarterLabel } from "~/features/networth/constants";
import { createLine, updateLine } from "~/features/networth/networth.server";
import { lineSchemaOf } from "~/features/networth/schema";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { netWorthPage } from "./networth-address.server";

/** The income and expenses dialogs' action: validate, save, and show the line's year. */
export async function saveLine(request: Request, member: Member, flow: Flow, existingId: number | null) {
  const submission = parseWithZod(await request.formData(), { schema: lineSchemaOf(flow) });
  if (submission.status !== "success") return formFailure(submission.reply());
  const line = submission.value;
  if (existingId === null) {
    if ((await createLine(member.id, flow, line)) === null) {
      return formFailure(submission.reply({ formErrors: [`A quarter holds at most ${MAX_LINES_PER_QUARTER} lines of each kind.`] }));
    }
  } else if (!(await updateLine(member.id, existingId, flow, line))) notFound();
  const what = `${labelOf(FLOWS[flow].categories, line.category)} (${quarterLabel(line.quarter)} ${line.year})`;
  return respond(request, { type: "success", message: existingId === null ? `${what} added.` : `${what} saved.` }, { to: netWorthPage(line.year) });
}
