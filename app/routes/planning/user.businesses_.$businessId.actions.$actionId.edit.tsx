import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessActionForm } from "~/features/planning/BusinessActionForm";
import { businessPath } from "~/features/planning/business-constants";
import { actionFormConstraint } from "~/features/planning/business-forms.server";
import { updateAction } from "~/features/planning/business-goals.server";
import { ActionSchema } from "~/features/planning/business-schema";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { requireAction } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { goalAction } = await requireAction(await requireMember(request), params);
  return json({ goalAction, constraint: actionFormConstraint() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goalAction } = await requireAction(member, params);
  const submission = parseWithZod(await request.formData(), { schema: ActionSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (!(await updateAction(member.id, goalAction.id, submission.value))) notFound();
  return respond(request, { type: "success", message: "Action saved." }, { to: businessPath(business.id) });
}

export default function EditAction() {
  const { goalAction, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = { title: goalAction.title, due_date: goalAction.due_date ?? "", status: goalAction.status };
  return (
    <RouteDialog title="Edit action" closeTo={businessPath(goalAction.business_id)}>
      <p className="muted">Goal: {goalAction.goal_title}</p>
      <BusinessActionForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        formId={`action-form-${goalAction.id}`}
        submitLabel="Save action"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit action · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
