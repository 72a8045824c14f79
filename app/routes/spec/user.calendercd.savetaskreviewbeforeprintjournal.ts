import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { journalDateProblem } from "~/features/journal/dates";
import { requireMember } from "~/lib/session.server";
import { action as saveJournal } from "~/routes/calendar/user.journal.$date";
import { forwardedRequest, refusalAsNotification } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/journal");

/** SPEC.md §7 POST /user/calendercd/savetaskreviewbeforeprintjournal {text_journal, jurnaldate}
 * → "saved": the journal dialog's action for that day. A refusal (no text, too long, not a
 * date) answers `{type: "error", message}` with a 400. */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  await requireMember(request);
  const sent = await request.formData();
  const date = String(sent.get("jurnaldate") ?? "").trim();
  const problem = journalDateProblem(date);
  if (problem) return json({ type: "error", message: problem }, { status: 400 });
  const form = new FormData();
  form.set("text", sent.get("text_journal") ?? "");
  const forwarded = forwardedRequest(request, form);
  // The dialog's action answers a call asking for JSON without a redirect or a flashed notice.
  forwarded.headers.set("Accept", "application/json");
  const answer = await saveJournal({ ...args, request: forwarded, params: { date } });
  if (answer.status >= 400) return refusalAsNotification(answer);
  return new Response("saved", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
