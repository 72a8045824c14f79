import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FLOWS, labelOf, quarterLabel } from "~/features/networth/constants";
import { deleteLine, getOwnLine, memberCurrency } from "~/features/networth/networth.server";
import { formatMoney } from "~/lib/format";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { netWorthPage } from "./networth-address.server";

/** The line's kind ("Q2 2026 income line") and name ("Salary and wages"). */
function lineName(line: { flow: "income" | "expense"; category: string; quarter: number; year: number }) {
  return { kind: `${quarterLabel(line.quarter)} ${line.year} ${FLOWS[line.flow].one}`, name: labelOf(FLOWS[line.flow].categories, line.category) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const line = await requireFound(params.lineId, (id) => getOwnLine(member.id, id));
  return json({
    name: lineName(line),
    year: line.year,
    description: line.description,
    amount: formatMoney(line.amount_cents, await memberCurrency(member.id)),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const line = await requireFound(params.lineId, (id) => getOwnLine(member.id, id));
  if (!(await deleteLine(member.id, line.id))) notFound();
  const { kind, name } = lineName(line);
  return respond(request, { type: "success", message: `${kind} “${name}” deleted.` }, { to: netWorthPage(line.year) });
}

/** SPEC.md §8 asks "Are you sure you want to delete this task?" here; the question names what
 * is deleted instead (docs/areas.md, Net worth). */
export default function ConfirmDeleteNetWorthLine() {
  const {
    name: { kind, name },
    year,
    description,
    amount,
  } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message={deletionQuestion(kind, name)} cancelTo={`/user/net-worth?year=${year}`}>
      <p>
        {amount}
        {description ? `: ${description}` : null}
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete income or expenses · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
