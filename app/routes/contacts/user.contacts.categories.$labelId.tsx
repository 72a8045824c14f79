import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LABEL_MAX } from "~/features/contacts/categories";
import { getLabel, labelsDialogPath, renameLabel } from "~/features/contacts/categories.server";
import { LabelNameSchema } from "~/features/contacts/schema";
import { backTo, formFailure, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { Field } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** Renames one of the member's "my category" labels: /user/contacts/categories/{id}?back=…
 * (another member's label is 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const label = await requireFound(params.labelId, (id) => getLabel(member.id, id));
  return json({ label: { id: label.id, name: label.name }, cancelTo: labelsDialogPath(backTo(request, "/user/contacts")) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const label = await requireFound(params.labelId, (id) => getLabel(member.id, id));
  const submission = parseWithZod(await request.formData(), { schema: LabelNameSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const { name } = submission.value;
  if ((await renameLabel(member.id, label.id, name)) === "taken") {
    return formFailure(submission.reply({ fieldErrors: { name: [`You already have a category named ${name}.`] } }));
  }
  return respond(
    request,
    { type: "success", message: `Category “${label.name}” renamed to “${name}”.` },
    { to: labelsDialogPath(backTo(request, "/user/contacts")) },
  );
}

export default function RenameCategory() {
  const { label, cancelTo } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.result.error;
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
