import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EntryForm } from "~/features/networth/EntryForm";
import { entryFormData } from "~/features/networth/forms.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { yearOfAddress } from "./networth-address.server";
import { saveEntry } from "./save-entry.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ year: yearOfAddress(request), ...(await entryFormData(member.id)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveEntry(request, member, null);
}

export default function AddNetWorthEntry() {
  const { year, constraint, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Add asset or liability" closeTo={`/user/net-worth?year=${year}`}>
      <EntryForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ year: String(year) }}
        currency={currency}
        entryId={null}
        submitLabel="Add"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add asset or liability · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
