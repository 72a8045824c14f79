import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getImport, undoImport } from "~/features/contacts/import.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contactImport = await requireFound(params.importId, (id) => getImport(member.id, id));
  if (contactImport.status !== "done") return redirect(`/user/contacts/import/${contactImport.id}`);
  return json({
    id: contactImport.id,
    fileName: contactImport.file_name,
    imported: contactImport.imported_count,
    updated: contactImport.updated_count,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contactImport = await requireFound(params.importId, (id) => getImport(member.id, id));
  const undone = await undoImport(member.id, contactImport.id);
  return respond(
    request,
    undone
      ? { type: "success", message: `Import of ${contactImport.file_name} undone.` }
      : { type: "info", message: "There is nothing to undo in this import." },
    { to: "/user/contacts" },
  );
}

export default function ConfirmUndoImport() {
  const { id, fileName, imported, updated } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to undo this import?" confirmLabel="Yes, undo" cancelTo={`/user/contacts/import/${id}`}>
      <p>
        <strong>{fileName}</strong>: the {imported === 1 ? "contact it added is" : `${imported} contacts it added are`} deleted, also if you have edited them
        since.
        {updated > 0
          ? ` The fields it filled in on ${updated === 1 ? "1 contact" : `${updated} contacts`} you already had are emptied again, except those you have changed since.`
          : null}
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Undo import · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
