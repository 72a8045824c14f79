import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InvestorForm } from "~/features/proposals/InvestorForm";
import { entryPath } from "~/features/proposals/constants";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { entryDefaults, formData, ownEntryOr404, saveEntry } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const entry = await ownEntryOr404("investor", member, params.entryId);
  return json({ id: entry.id, defaults: entryDefaults("investor", entry), ...(await formData("investor")) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const entry = await ownEntryOr404("investor", member, params.entryId);
  return saveEntry(request, member, "investor", entry.id);
}

export default function EditInvestorEntry() {
  const { id, defaults, constraint, countries, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit your investor entry" closeTo={entryPath("investor", id)}>
      <p className="muted">Connections keep the terms each member agreed to: an edit never changes what was agreed.</p>
      <InvestorForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        entryId={id}
        countries={countries}
        currency={currency}
        submitLabel="Save"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit investor entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
