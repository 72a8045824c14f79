import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteEntryDialog } from "~/features/proposals/DeleteEntryDialog";
import { requireMember } from "~/lib/session.server";
import { deleteAnswer, deleteData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await deleteData("entrepreneur", member, params.entryId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return deleteAnswer("entrepreneur", request, member, params.entryId);
}

export default function DeleteEntrepreneurEntry() {
  return <DeleteEntryDialog side="entrepreneur" data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = () => [{ title: "Delete entrepreneur entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
