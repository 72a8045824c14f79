import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessActionForm } from "~/features/planning/BusinessActionForm";
import { businessPath } from "~/features/planning/business-constants";
import { actionFormConstraint } from "~/features/planning/business-forms.server";
import { createAction } from "~/features/planning/business-goals.server";
import { ActionSchema } from "~/features/planning/business-schema";
import { formFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { requireGoal } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { business, goal } = await requireGoal(await requireMember(request), params);
  return json({ businessId: business.id, goal: { id: goal.id, title: goal.title }, constraint: actionFormConstraint() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goal } = await requireGoal(member, params);
  const submission = parseWithZod(await request.formData(), { schema: ActionSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  await createAction(member.id, goal.id, submission.value);
  return respond(request, { type: "success", message: "Action added." }, { to: businessPath(business.id) });
}

export default function AddAction() {
  const { businessId, goal, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title={`Add an action to ${goal.title}`} closeTo={businessPath(businessId)}>
      <BusinessActionForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ status: "pending" }}
        formId={`action-form-new-${goal.id}`}
        submitLabel="Add action"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add an action · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
