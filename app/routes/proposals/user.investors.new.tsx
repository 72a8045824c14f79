import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { InvestorForm } from "~/features/proposals/InvestorForm";
import { backTo } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { formData, saveEntry } from "./entry-routes.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ ...(await formData("investor")), closeTo: backTo(request, "/user/investors") });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveEntry(request, member, "investor", null);
}

export default function NewInvestorEntry() {
  const { constraint, countries, currency, closeTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <RouteDialog title="New investor entry" closeTo={closeTo === "/user/investors" ? `/user/investors${search}` : closeTo}>
      <InvestorForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{}}
        entryId={null}
        countries={countries}
        currency={currency}
        submitLabel="Create entry"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "New investor entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
