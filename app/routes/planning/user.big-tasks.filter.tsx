import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BIG_TASK_STATUSES, PRIORITY_BANDS } from "~/features/planning/constants";
import { YearFilterDialog } from "~/features/planning/YearFilterDialog";
import { requireMember } from "~/lib/session.server";
import { SelectField } from "~/ui/field";
import { readBigTaskAddress } from "./planning-address.server";

const BANDS = PRIORITY_BANDS.map((band) => ({ value: band.value, label: `${band.label} (${band.from}–${band.to})` }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const { year, status, priority } = readBigTaskAddress(request);
  return json({ year, status, priority });
}

/** SPEC.md §2's big task filter. */
export default function BigTaskFilter() {
  const { year, status, priority } = useLoaderData<typeof loader>();
  return (
    <YearFilterDialog title="Filter big tasks" list="/user/big-tasks" year={year}>
      <SelectField label="Status" options={BIG_TASK_STATUSES} placeholder="Any status" selectProps={{ name: "status", defaultValue: status ?? "" }} />
      <SelectField label="Priority" options={BANDS} placeholder="Any priority" selectProps={{ name: "priority", defaultValue: priority ?? "" }} />
    </YearFilterDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Filter big tasks · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
