import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LoanViewDialog } from "~/features/proposals/LoanViewDialog";
import { InvestorDetails } from "~/features/proposals/EntryViews";
import { getInvestor } from "~/features/proposals/entries.server";
import { requireMember } from "~/lib/session.server";
import { loanViewData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await loanViewData("investor", member, params.entryId, getInvestor));
}

/** SPEC.md §2's investor loan view: the entry's terms; its owner edits or deletes it, another
 * member connects with one of their entrepreneur entries. */
export default function InvestorLoanView() {
  const data = useLoaderData<typeof loader>();
  return (
    <LoanViewDialog side="investor" title={`${data.entry.owner_name}, investor`} data={data}>
      <InvestorDetails entry={data.entry} />
    </LoanViewDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Investor loan view · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
