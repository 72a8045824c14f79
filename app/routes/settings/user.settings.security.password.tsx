import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { currentPasswordMatches, setPassword } from "~/features/members/members.server";
import { NewPasswordFields } from "~/features/members/NewPasswordFields";
import { ChangePasswordSchema } from "~/features/members/schema";
import { proofCheck } from "~/features/members/proof.server";
import { signInBlocked } from "~/features/members/sign-in-throttle.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { clientIp } from "~/lib/request-context.server";
import { respond } from "~/lib/respond.server";
import { endOtherSessions, getSessionId, requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { Field } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ constraint: constraintOf(ChangePasswordSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const ip = clientIp(context);
  // Guessing the current password here is throttled like signing in, with the same counts.
  const blocked = await signInBlocked(member.email, ip);
  const submission = await parseWithZod(await request.formData(), {
    schema: ChangePasswordSchema.superRefine(
      proofCheck(member, ip, blocked, {
        field: "currentPassword",
        holds: (data) => currentPasswordMatches(member.id, data.currentPassword),
        wrong: "That is not your current password.",
      }),
    ),
    async: true,
  });
  if (submission.status !== "success") {
    return formFailure(submission.reply({ hideFields: ["currentPassword", "password", "confirmPassword"] }));
  }
  await setPassword(member.id, submission.value.password);
  const signedOut = await endOtherSessions(member.id, await getSessionId(request));
  const others = signedOut === 1 ? " One other session was signed out." : signedOut > 1 ? ` ${signedOut} other sessions were signed out.` : "";
  return respond(request, { type: "success", message: `Password changed.${others}` }, { to: "/user/settings/security" });
}

export default function ChangePassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "change-password", lastResult: actionData?.result, constraint });
  return (
    <RouteDialog title="Change password" size="small">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Field
          label="Current password"
          errors={fields.currentPassword.errors}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Change password</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Change password · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
