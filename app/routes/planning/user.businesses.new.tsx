import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessForm } from "~/features/planning/BusinessForm";
import { businessPath } from "~/features/planning/business-constants";
import { businessFormConstraint } from "~/features/planning/business-forms.server";
import { BusinessSchema } from "~/features/planning/business-schema";
import { createBusiness } from "~/features/planning/business.server";
import { formFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ constraint: businessFormConstraint() });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: BusinessSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const id = await createBusiness(member.id, submission.value);
  return respond(request, { type: "success", message: `“${submission.value.name}” created.` }, { to: businessPath(id) });
}

export default function CreateBusiness() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Create a business" closeTo="/user/businesses">
      <BusinessForm lastResult={actionData?.result} constraint={constraint} defaults={{}} formId="business-form-new" submitLabel="Create business" />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Create a business · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
