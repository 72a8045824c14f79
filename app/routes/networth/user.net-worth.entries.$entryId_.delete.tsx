import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isLiability } from "~/features/networth/constants";
import { deleteEntry, getOwnEntry } from "~/features/networth/networth.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { netWorthPage } from "./networth-address.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const entry = await requireFound(params.entryId, (id) => getOwnEntry(member.id, id));
  return json({ title: entry.title, year: entry.year, kind: isLiability(entry.type) ? "liability" : "asset" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const entry = await requireFound(params.entryId, (id) => getOwnEntry(member.id, id));
  if (!(await deleteEntry(member.id, entry.id))) notFound();
  return respond(request, { type: "success", message: `“${entry.title}” deleted from your net worth for ${entry.year}.` }, { to: netWorthPage(entry.year) });
}

/** SPEC.md §8 asks "Are you sure you want to delete this task?" here; the question names what
 * is deleted instead (docs/areas.md, Net worth). */
export default function ConfirmDeleteNetWorthEntry() {
  const { title, year, kind } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message={deletionQuestion(kind, title, ` from your net worth for ${year}`)} cancelTo={`/user/net-worth?year=${year}`}>
      <p>Its values for every quarter of {year} are deleted with it.</p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete asset or liability · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
