import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { amountText } from "~/features/networth/constants";
import { EntryForm } from "~/features/networth/EntryForm";
import { entryFormData } from "~/features/networth/forms.server";
import { getOwnEntry } from "~/features/networth/networth.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveEntry } from "./save-entry.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const entry = await requireFound(params.entryId, (id) => getOwnEntry(member.id, id));
  return json({ entry, ...(await entryFormData(member.id)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const entry = await requireFound(params.entryId, (id) => getOwnEntry(member.id, id));
  return saveEntry(request, member, entry.id);
}

export default function EditNetWorthEntry() {
  const { entry, constraint, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = {
    title: entry.title,
    type: entry.type,
    year: String(entry.year),
    q1: amountText(entry.q1_cents),
    q2: amountText(entry.q2_cents),
    q3: amountText(entry.q3_cents),
    q4: amountText(entry.q4_cents),
  };
  return (
    <RouteDialog title={`Edit ${entry.title}`} closeTo={`/user/net-worth?year=${entry.year}`}>
      <EntryForm lastResult={actionData?.result} constraint={constraint} defaults={defaults} currency={currency} entryId={entry.id} submitLabel="Save" />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit asset or liability · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
