import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteLabel, getLabel, labelsDialogPath } from "~/features/contacts/categories.server";
import { backTo, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

/** Asks, then deletes one of the member's "my category" labels and takes it off its contacts:
 * /user/contacts/categories/{id}/delete?back=… (another member's label is 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const label = await requireFound(params.labelId, (id) => getLabel(member.id, id));
  return json({ name: label.name, contacts: label.contacts, cancelTo: labelsDialogPath(backTo(request, "/user/contacts")) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const label = await requireFound(params.labelId, (id) => getLabel(member.id, id));
  await deleteLabel(member.id, label.id);
  return respond(request, { type: "success", message: `Category “${label.name}” deleted.` }, { to: labelsDialogPath(backTo(request, "/user/contacts")) });
}

export default function ConfirmDeleteCategory() {
  const { name, contacts, cancelTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={deletionQuestion("category", name)}
      cancelTo={cancelTo}
      note={
        <p>
          {contacts === 0
            ? "It is not on any contact."
            : `It will be taken off ${contacts === 1 ? "the contact" : `the ${contacts} contacts`} in it; the contacts themselves stay.`}
        </p>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete category · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
