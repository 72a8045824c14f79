import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { amountText } from "~/features/networth/constants";
import { lineFormData } from "~/features/networth/forms.server";
import { LineDialog } from "~/features/networth/LineDialog";
import { getOwnLine } from "~/features/networth/networth.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { saveLine } from "./save-line.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const line = await requireFound(params.lineId, (id) => getOwnLine(member.id, id));
  return json({ line, ...(await lineFormData(member.id, line.flow)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const line = await requireFound(params.lineId, (id) => getOwnLine(member.id, id));
  return saveLine(request, member, line.flow, line.id);
}

/** SPEC.md §2's income edit and expenses edit dialogs. */
export default function EditNetWorthLine() {
  const { line, constraint, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = {
    year: String(line.year),
    quarter: String(line.quarter),
    category: line.category,
    description: line.description ?? "",
    amount: amountText(line.amount_cents),
  };
  return (
    <LineDialog
      flow={line.flow}
      lineId={line.id}
      year={line.year}
      lastResult={actionData?.result}
      constraint={constraint}
      defaults={defaults}
      currency={currency}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Edit income or expenses · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
