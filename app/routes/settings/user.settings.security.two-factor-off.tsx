import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { currentPasswordMatches } from "~/features/members/members.server";
import { TwoFactorOffSchema } from "~/features/members/schema";
import { proofCheck } from "~/features/members/proof.server";
import { signInBlocked } from "~/features/members/sign-in-throttle.server";
import { disableTwoFactor, hasTwoFactor } from "~/features/members/two-factor.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { clientIp } from "~/lib/request-context.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { Field } from "~/ui/field";
import { NoticeDialog, RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ enabled: await hasTwoFactor(member.id), constraint: constraintOf(TwoFactorOffSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const ip = clientIp(context);
  // Guessing the password here is throttled like signing in, with the same counts.
  const blocked = await signInBlocked(member.email, ip);
  const submission = await parseWithZod(await request.formData(), {
    schema: TwoFactorOffSchema.superRefine(
      proofCheck(member, ip, blocked, {
        field: "currentPassword",
        holds: (data) => currentPasswordMatches(member.id, data.currentPassword),
        wrong: "That is not your current password.",
      }),
    ),
    async: true,
  });
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: ["currentPassword"] }), undefined, blocked ? 429 : 400);
  await disableTwoFactor(member.id);
  return respond(
    request,
    { type: "success", message: "Two-factor sign-in is off. You now sign in with your password alone." },
    { to: "/user/settings/security" },
  );
}

export default function TurnOffTwoFactor() {
  const { enabled, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "two-factor-off", lastResult: actionData?.result, constraint });
  if (!enabled) {
    return (
      <NoticeDialog title="Turn off two-factor sign-in">
        <p>Two-factor sign-in is already off for your account.</p>
      </NoticeDialog>
    );
  }
  return (
    <RouteDialog title="Turn off two-factor sign-in" size="small">
      <p>Without it, your password alone signs in to your account. Your recovery codes stop working.</p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Field
          label="Your password"
          errors={fields.currentPassword.errors}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
        />
        <div className="dialog-actions">
          <StatusButton pending={pending} className="button--danger">
            Turn off
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Turn off two-factor sign-in · Settings · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
