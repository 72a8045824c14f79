import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BusinessGoalForm } from "~/features/planning/BusinessGoalForm";
import { businessPath } from "~/features/planning/business-constants";
import { goalFormConstraint } from "~/features/planning/business-forms.server";
import { updateGoal } from "~/features/planning/business-goals.server";
import { GoalSchema } from "~/features/planning/business-schema";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { requireGoal } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { goal } = await requireGoal(await requireMember(request), params);
  return json({ goal, constraint: goalFormConstraint() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goal } = await requireGoal(member, params);
  const submission = parseWithZod(await request.formData(), { schema: GoalSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (!(await updateGoal(member.id, goal.id, submission.value))) notFound();
  return respond(request, { type: "success", message: "Goal saved." }, { to: businessPath(business.id) });
}

export default function EditGoal() {
  const { goal, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = { title: goal.title, target: goal.target ?? "", target_date: goal.target_date ?? "" };
  return (
    <RouteDialog title="Edit goal" closeTo={businessPath(goal.business_id)}>
      <BusinessGoalForm lastResult={actionData?.result} constraint={constraint} defaults={defaults} formId={`goal-form-${goal.id}`} submitLabel="Save goal" />
      <p>
        <Link to={`${businessPath(goal.business_id)}/goals/${goal.id}/delete`} className="link--danger" preventScrollReset>
          Delete this goal
        </Link>
      </p>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit goal · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
