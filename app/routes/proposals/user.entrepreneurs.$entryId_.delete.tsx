import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { entryPath } from "~/features/proposals/constants";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { deleteAnswer, deleteData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await deleteData("entrepreneur", member, params.entryId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return deleteAnswer("entrepreneur", request, member, params.entryId);
}

/** SPEC.md §8 asks "… this event?" for entries too; the entry is named instead (README). */
export default function DeleteEntrepreneurEntry() {
  const { id, name, open } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message={`Are you sure you want to delete ${name}?`} cancelTo={entryPath("entrepreneur", id)}>
      {open ? (
        <p>
          {open === 1 ? "Its open connection" : `Its ${open} open connections`} will be closed, and the members told.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete entrepreneur entry · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
