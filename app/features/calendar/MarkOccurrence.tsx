import { useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { occurrenceWhen } from "./OccurrenceStatus";
import { useCalendarBack } from "./use-calendar-back";

/** The question before completing or cancelling one occurrence (SPEC.md §8). */
export function MarkOccurrence({
  question,
  confirmLabel,
  title,
  start,
  end,
}: {
  question: string;
  confirmLabel: string;
  title: string;
  start: string;
  end: string;
}) {
  const back = new URLSearchParams(useLocation().search).get("back");
  return (
    <ConfirmDialog message={question} confirmLabel={confirmLabel} cancelTo={useCalendarBack()} destructive={false}>
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <p>
        <strong>{title}</strong> · {occurrenceWhen(start, end)}
      </p>
    </ConfirmDialog>
  );
}
