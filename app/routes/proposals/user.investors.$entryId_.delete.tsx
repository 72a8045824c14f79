import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteEntryDialog } from "~/features/proposals/DeleteEntryDialog";
import { requireMember } from "~/lib/session.server";
import { deleteAnswer, deleteData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await deleteData("investor", member, params.entryId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return deleteAnswer("investor", request, member, params.entryId);
}

export default function DeleteInvestorEntry() {
  return <DeleteEntryDialog side="investor" data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = () => [{ title: "Delete investor entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
