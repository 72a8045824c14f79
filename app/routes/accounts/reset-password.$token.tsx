import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { findResetLink, resetPassword } from "~/features/members/password-reset.server";
import { NewPasswordFields } from "~/features/members/NewPasswordFields";
import { ResetPasswordSchema } from "~/features/members/schema";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { clientIp } from "~/lib/request-context.server";
import { hasTwoFactor } from "~/features/members/two-factor.server";
import { startChallenge } from "~/features/members/two-factor-challenge.server";
import { startSession } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findResetLink(params.token ?? "");
  return json({ valid: Boolean(link), email: link?.email ?? null, constraint: constraintOf(ResetPasswordSchema) }, { status: link ? 200 : 410 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return formFailure(submission.reply({ hideFields: ["password", "confirmPassword"] }));
  }
  const memberId = await resetPassword(params.token ?? "", submission.value.password);
  if (!memberId) {
    return json(
      {
        result: submission.reply({
          formErrors: ["This link has expired or was already used. Ask for a new one."],
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status: 410 },
    );
  }
  // A reset link proves the mailbox, not the phone: two-factor still asks for its code.
  if (await hasTwoFactor(memberId)) {
    return startChallenge(request, memberId, "/user", {
      type: "success",
      message: "Your new password is set, and you are signed out everywhere else. Enter the code from your app to sign in.",
    });
  }
  return startSession(request, memberId, {
    redirectTo: "/user",
    clientIp: clientIp(context),
    notification: { type: "success", message: "Your new password is set. You are signed in, and signed out everywhere else." },
  });
}

export default function ResetPassword() {
  const { valid, email, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "reset-password", lastResult: actionData?.result, constraint });

  if (!valid) {
    return (
      <div className="card narrow">
        <h1>This link no longer works</h1>
        <p>Password reset links work once, for a limited time. Ask for a new one and use the newest e-mail.</p>
        <p>
          <Link to="/signin/forgot-password" className="button">
            Send me a new link
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="card narrow">
      <h1>Choose a new password</h1>
      <p className="muted">For {email}</p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <input type="text" name="username" autoComplete="username" value={email ?? ""} readOnly hidden />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <div className="form-errors" role="alert">
          {form.errors?.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
        <div className="form-actions">
          <StatusButton pending={pending}>Set the new password</StatusButton>
        </div>
      </Form>
    </div>
  );
}

// Keeps the token out of Referer headers. Not "no-referrer": with it the browser sends
// `Origin: null` with the form, and Remix refuses that POST (without JS) as a CSRF attempt.
export const meta: MetaFunction = () => [{ title: "New password · Chapter" }, { name: "referrer", content: "strict-origin" }];
