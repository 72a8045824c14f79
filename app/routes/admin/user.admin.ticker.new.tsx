import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { createAnnouncement } from "~/features/announcements/announcements.server";
import { AnnouncementSchema, type AnnouncementFields } from "~/features/announcements/schema";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // datetime-local values carry no time zone; the form reads and writes UTC, and says so.
  const now = new Date().toISOString().slice(0, 16);
  return json({ constraint: constraintOf(AnnouncementSchema), now });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: AnnouncementSchema });
  if (submission.status !== "success") {
    return formFailure(submission.reply());
  }
  await createAnnouncement(submission.value, admin.id);
  const scheduled = submission.value.startsAt !== undefined && submission.value.startsAt > new Date().toISOString();
  return respond(
    request,
    { type: "success", message: scheduled ? "The announcement is scheduled." : "The announcement is on the ticker." },
    { to: "/user/admin/ticker" },
  );
}

export default function NewAnnouncement() {
  const { constraint, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<AnnouncementFields>({
    id: "new-announcement",
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: "onBlur",
    defaultValue: { startsAt: now },
  });

  return (
    <RouteDialog title="New announcement">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <TextareaField
          label="Message"
          hint="Up to 280 characters, shown on one line."
          errors={fields.message.errors}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3 }}
        />
        <Field
          label="Link (optional)"
          hint="A web address (https://…) or a page of Chapter (/user/…)."
          errors={fields.linkUrl.errors}
          inputProps={{ ...getInputProps(fields.linkUrl, { type: "text" }), inputMode: "url", autoComplete: "off" }}
        />
        <div className="grid-2">
          <Field
            label="Starts (UTC)"
            hint="Leave as it is to show it now."
            errors={fields.startsAt.errors}
            inputProps={getInputProps(fields.startsAt, { type: "datetime-local" })}
          />
          <Field
            label="Ends (UTC, optional)"
            hint="Leave empty to show it until you remove it."
            errors={fields.endsAt.errors}
            inputProps={getInputProps(fields.endsAt, { type: "datetime-local" })}
          />
        </div>
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <Link to=".." className="button button--secondary" preventScrollReset>
            Cancel
          </Link>
          <StatusButton pending={pending}>Save announcement</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "New announcement · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
