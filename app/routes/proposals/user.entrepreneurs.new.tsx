import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { EntrepreneurForm } from "~/features/proposals/EntrepreneurForm";
import { profileBusiness } from "~/features/proposals/entries.server";
import { backTo } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { formData, saveEntry } from "./entry-routes.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ ...(await formData("entrepreneur")), business: await profileBusiness(member.id), closeTo: backTo(request, "/user/entrepreneurs") });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveEntry(request, member, "entrepreneur", null);
}

export default function NewEntrepreneurEntry() {
  const { constraint, countries, currency, documentAccept, business, closeTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <RouteDialog title="New entrepreneur entry" closeTo={closeTo === "/user/entrepreneurs" ? `/user/entrepreneurs${search}` : closeTo}>
      <EntrepreneurForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ business_name: business ?? "" }}
        entryId={null}
        countries={countries}
        currency={currency}
        documentAccept={documentAccept}
        submitLabel="Create entry"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "New entrepreneur entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
