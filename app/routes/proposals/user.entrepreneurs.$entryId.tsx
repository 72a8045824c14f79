import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LoanViewDialog } from "~/features/proposals/LoanViewDialog";
import { EntrepreneurDetails, DocumentList } from "~/features/proposals/EntryViews";
import { getEntrepreneur } from "~/features/proposals/entries.server";
import { requireMember } from "~/lib/session.server";
import { loanViewData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await loanViewData("entrepreneur", member, params.entryId, getEntrepreneur));
}

/** SPEC.md §2's entrepreneur loan view: the entry's terms; its owner edits or deletes it, another
 * member connects with one of their investor entries. */
export default function EntrepreneurLoanView() {
  const data = useLoaderData<typeof loader>();
  return (
    <LoanViewDialog side="entrepreneur" title={data.entry.business_name} data={data}>
      <EntrepreneurDetails entry={data.entry} />
      <DocumentList documents={data.documents} />
    </LoanViewDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Entrepreneur loan view · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
