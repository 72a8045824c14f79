import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessForm } from "~/features/planning/BusinessForm";
import { businessPath } from "~/features/planning/business-constants";
import { businessFormConstraint } from "~/features/planning/business-forms.server";
import { BusinessSchema } from "~/features/planning/business-schema";
import { updateBusiness } from "~/features/planning/business.server";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { requireBusiness } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const business = await requireBusiness(await requireMember(request), params);
  return json({ business, constraint: businessFormConstraint() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const business = await requireBusiness(member, params);
  const submission = parseWithZod(await request.formData(), { schema: BusinessSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (!(await updateBusiness(member.id, business.id, submission.value))) notFound();
  return respond(request, { type: "success", message: "Business saved." }, { to: businessPath(business.id) });
}

export default function EditBusiness() {
  const { business, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = { name: business.name, description: business.description ?? "", industry: business.industry ?? "", website: business.website ?? "" };
  return (
    <RouteDialog title="Edit business" closeTo={businessPath(business.id)}>
      <BusinessForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        formId={`business-form-${business.id}`}
        submitLabel="Save business"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit business · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
