import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteLabel, labelsBack, labelsDialogPath, requireOwnLabel } from "~/features/contacts/categories.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** Asks, then deletes one of the member's "my category" labels and takes it off its contacts:
 * /user/contacts/categories/{id}/delete?back=… (another member's label is 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { label } = await requireOwnLabel(request, params.labelId);
  return json({ name: label.name, contacts: label.contacts, cancelTo: labelsDialogPath(labelsBack(request)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, label } = await requireOwnLabel(request, params.labelId);
  await deleteLabel(member.id, label.id);
  return respond(request, { type: "success", message: `The category ${label.name} is deleted.` }, { to: labelsDialogPath(labelsBack(request)) });
}

export default function ConfirmDeleteCategory() {
  const { name, contacts, cancelTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this category?" cancelTo={cancelTo}>
      <p>
        <strong>{name}</strong>{" "}
        {contacts === 0
          ? "is not on any contact."
          : `is taken off ${contacts === 1 ? "the contact" : `the ${contacts} contacts`} in it; the contacts themselves stay.`}
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete category · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
