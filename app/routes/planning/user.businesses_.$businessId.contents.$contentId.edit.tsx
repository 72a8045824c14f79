import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessContentForm } from "~/features/planning/BusinessContentForm";
import { businessPath } from "~/features/planning/business-constants";
import { contentFormData } from "~/features/planning/business-forms.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveContent } from "./business-content.server";
import { requireContent } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { content } = await requireContent(await requireMember(request), params);
  return json({ content, ...contentFormData() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, content } = await requireContent(member, params);
  return saveContent(request, member, business.id, { actionId: null, contentId: content.id });
}

export default function EditContent() {
  const { content, constraint, attachmentAccept, attachmentMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = { noted_on: content.noted_on, note: content.note, link: content.link ?? "" };
  return (
    <RouteDialog title="Edit action content" closeTo={businessPath(content.business_id)}>
      <p className="muted">Action: {content.action_title}</p>
      <BusinessContentForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        formId={`content-form-${content.id}`}
        submitLabel="Save content"
        attachmentAccept={attachmentAccept}
        attachmentMaxBytes={attachmentMaxBytes}
        attachment={content.attachment}
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit action content · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
