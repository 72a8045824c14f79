import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessGoalForm } from "~/features/planning/BusinessGoalForm";
import { businessPath } from "~/features/planning/business-constants";
import { goalFormConstraint } from "~/features/planning/business-forms.server";
import { createGoal } from "~/features/planning/business-goals.server";
import { GoalSchema } from "~/features/planning/business-schema";
import { formFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { requireBusiness } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const business = await requireBusiness(await requireMember(request), params);
  return json({ businessId: business.id, constraint: goalFormConstraint() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const business = await requireBusiness(member, params);
  const submission = parseWithZod(await request.formData(), { schema: GoalSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  await createGoal(member.id, business.id, submission.value);
  return respond(request, { type: "success", message: "Goal added." }, { to: businessPath(business.id) });
}

export default function AddGoal() {
  const { businessId, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Add a goal" closeTo={businessPath(businessId)}>
      <BusinessGoalForm lastResult={actionData?.result} constraint={constraint} defaults={{}} formId="goal-form-new" submitLabel="Add goal" />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add a goal · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
