import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessContentForm } from "~/features/planning/BusinessContentForm";
import { businessPath } from "~/features/planning/business-constants";
import { contentFormData } from "~/features/planning/business-forms.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveContent } from "./business-content.server";
import { requireAction } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { business, goalAction } = await requireAction(await requireMember(request), params);
  return json({
    businessId: business.id,
    goalAction: { id: goalAction.id, title: goalAction.title },
    today: new Date().toISOString().slice(0, 10),
    ...contentFormData(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goalAction } = await requireAction(member, params);
  return saveContent(request, member, business.id, { actionId: goalAction.id, contentId: null });
}

export default function AddContent() {
  const { businessId, goalAction, today, constraint, attachmentAccept, attachmentMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title={`Add content to ${goalAction.title}`} closeTo={businessPath(businessId)}>
      <BusinessContentForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ noted_on: today }}
        formId={`content-form-new-${goalAction.id}`}
        submitLabel="Add content"
        attachmentAccept={attachmentAccept}
        attachmentMaxBytes={attachmentMaxBytes}
        attachment={null}
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add action content · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
