import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { COMPLETE_QUESTION } from "~/features/calendar/constants";
import { MarkOccurrence } from "~/features/calendar/MarkOccurrence";
import { shownOccurrence } from "~/features/calendar/shown.server";
import { requireMember } from "~/lib/session.server";
import { markAndRespond, requireOccurrence } from "./mark-occurrence.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { occurrence } = await requireOccurrence(member, params.occurrenceId);
  return json({ occurrence: shownOccurrence(occurrence, member.timeZone) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return markAndRespond(request, member, params.occurrenceId, "completed");
}

export default function ConfirmMark() {
  const { occurrence } = useLoaderData<typeof loader>();
  return <MarkOccurrence question={COMPLETE_QUESTION} confirmLabel="Yes, complete" title={occurrence.title} start={occurrence.start} end={occurrence.end} />;
}

export const meta: MetaFunction = () => [{ title: "Complete task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
