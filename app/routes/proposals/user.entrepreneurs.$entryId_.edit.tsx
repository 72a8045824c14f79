import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EntrepreneurForm } from "~/features/proposals/EntrepreneurForm";
import { entryPath } from "~/features/proposals/constants";
import { documentsFor } from "~/features/proposals/documents.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { entryDefaults, formData, ownEntryOr404, saveEntry } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const entry = await ownEntryOr404("entrepreneur", member, params.entryId);
  return json({
    id: entry.id,
    defaults: entryDefaults("entrepreneur", entry),
    documents: await documentsFor(member.id, entry),
    ...(await formData("entrepreneur")),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const entry = await ownEntryOr404("entrepreneur", member, params.entryId);
  return saveEntry(request, member, "entrepreneur", entry.id);
}

export default function EditEntrepreneurEntry() {
  const { id, defaults, constraint, countries, currency, documentAccept } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit your entrepreneur entry" closeTo={entryPath("entrepreneur", id)}>
      <p className="muted">Connections keep the terms each member agreed to: an edit never changes what was agreed.</p>
      <EntrepreneurForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults as Record<string, string>}
        entryId={id}
        countries={countries}
        currency={currency}
        documentAccept={documentAccept}
        submitLabel="Save"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit entrepreneur entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
