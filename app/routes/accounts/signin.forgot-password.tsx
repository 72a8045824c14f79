import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requestPasswordReset } from "~/features/members/password-reset.server";
import { ForgotPasswordSchema } from "~/features/members/schema";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireSignedOut } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { Field } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  return json({ constraint: constraintOf(ForgotPasswordSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSignedOut(request);
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  await requestPasswordReset(submission.value.email, await publicOrigin(request));
  return respond(
    request,
    {
      type: "success",
      message: `If ${submission.value.email} belongs to a member, we have sent a link to that address to choose a new password.`,
    },
    { to: "/signin" },
  );
}

export default function ForgotPassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "forgot-password", lastResult: actionData?.result, constraint });
  return (
    <RouteDialog title="Forgot your password?" size="small">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        <div className="dialog-actions">
          <StatusButton pending={pending} pendingLabel="Sending...">
            Send the link
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgot password · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
