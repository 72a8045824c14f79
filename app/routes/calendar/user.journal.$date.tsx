import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { dayHeading, journalDate, journalPage, savedMessage } from "~/features/journal/dates";
import { JournalTimes } from "~/features/journal/JournalDay";
import { JournalForm } from "~/features/journal/JournalForm";
import { getJournalEntry, saveJournalEntry } from "~/features/journal/journal.server";
import { JournalSchema } from "~/features/journal/schema";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure, orNotFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const date = orNotFound(journalDate(params.date));
  const entry = await getJournalEntry(member.id, date);
  return json({ date, entry, constraint: constraintOf(JournalSchema) });
}

/** Saves the member's journal of the day (SPEC.md §8: "Journal saved under the
 * date {date}") and shows the day. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const date = orNotFound(journalDate(params.date));
  const submission = parseWithZod(await request.formData(), { schema: JournalSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  await saveJournalEntry(member.id, date, submission.value.text);
  return respond(request, { type: "success", message: savedMessage(date) }, { to: journalPage(date) });
}

export default function JournalDialog() {
  const { date, entry, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title={`Journal · ${dayHeading(date)}`} closeTo={journalPage(date)} size="large">
      <JournalTimes entry={entry} />
      <JournalForm key={entry?.updated_at ?? "new"} date={date} lastResult={actionData?.result} constraint={constraint} text={entry?.text ?? ""} />
    </RouteDialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Journal · ${dayHeading(data.date)} · Chapter` : "Journal · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
