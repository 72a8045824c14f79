import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { cleanLabelName, LABEL_MAX, labelsBack, labelsDialogPath, renameLabel, requireOwnLabel } from "~/features/contacts/categories.server";
import { respond } from "~/lib/respond.server";
import { CsrfInput } from "~/ui/csrf-input";
import { Field } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** Renames one of the member's "my category" labels: /user/contacts/categories/{id}?back=…
 * (another member's label is 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { label } = await requireOwnLabel(request, params.labelId);
  return json({ label: { id: label.id, name: label.name }, cancelTo: labelsDialogPath(labelsBack(request)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, label } = await requireOwnLabel(request, params.labelId);
  const name = cleanLabelName((await request.formData()).get("name"));
  const fail = (message: string) => json({ errors: { name: [message] } }, { status: 400 });
  if (!name) return fail("Category name is required.");
  if (name.length > LABEL_MAX) return fail(`Use at most ${LABEL_MAX} characters.`);
  if ((await renameLabel(member.id, label.id, name)) === "taken") return fail(`You already have a category named ${name}.`);
  return respond(request, { type: "success", message: `${label.name} is renamed to ${name}.` }, { to: labelsDialogPath(labelsBack(request)) });
}

export default function RenameCategory() {
  const { label, cancelTo } = useLoaderData<typeof loader>();
  const errors = (useActionData<typeof action>() as { errors?: Record<string, string[]> } | undefined)?.errors;
  const pending = useIsPending();
  return (
    <RouteDialog title={`Rename category: ${label.name}`} closeTo={cancelTo} size="small">
      <Form method="post">
        <CsrfInput />
        <Field
          label="Name"
          hint="Every contact in this category keeps it under its new name."
          errors={errors?.name}
          inputProps={{ name: "name", defaultValue: label.name, maxLength: LABEL_MAX, required: true, autoComplete: "off" }}
        />
        <div className="dialog-actions">
          <Link to={cancelTo} className="button button--secondary" preventScrollReset>
            Cancel
          </Link>
          <StatusButton pending={pending}>Save</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Rename category · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
