import type { SubmissionResult } from "@conform-to/react";
import { RouteDialog } from "~/ui/route-dialog";
import { FLOWS, type Flow } from "./constants";
import { LineForm } from "./LineForm";

/** The income and expenses dialogs, adding a line or editing one, over the year's page. */
export function LineDialog({
  flow,
  lineId,
  year,
  lastResult,
  constraint,
  defaults,
  currency,
}: {
  flow: Flow;
  lineId: number | null;
  year: number;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  currency: string;
}) {
  const title = lineId === null ? (flow === "income" ? "Add gross income" : "Add expenses") : flow === "income" ? "Edit gross income" : "Edit expenses";
  return (
    <RouteDialog title={title} closeTo={`/user/net-worth?year=${year}`}>
      <LineForm
        flow={flow}
        lastResult={lastResult}
        constraint={constraint}
        defaults={defaults}
        currency={currency}
        lineId={lineId}
        submitLabel={lineId === null ? `Add ${FLOWS[flow].one}` : "Save"}
      />
    </RouteDialog>
  );
}

/** The add income and add expenses dialogs, from their route's data. */
export function NewLineDialog({
  data,
  lastResult,
}: {
  data: { flow: Flow; year: number; quarter: string; constraint: Record<string, unknown>; currency: string };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { flow, year, quarter, constraint, currency } = data;
  return (
    <LineDialog
      flow={flow}
      lineId={null}
      year={year}
      lastResult={lastResult}
      constraint={constraint}
      defaults={{ year: String(year), quarter }}
      currency={currency}
    />
  );
}
