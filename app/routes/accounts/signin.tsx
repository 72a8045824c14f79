import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { SignInSchema } from "~/features/members/schema";
import { clearSignInFailures, recordSignInFailure, signInBlocked } from "~/features/members/sign-in-throttle.server";
import { authenticator, InvalidCredentials } from "~/features/members/auth.server";
import { hasTwoFactor } from "~/features/members/two-factor.server";
import { startChallenge } from "~/features/members/two-factor-challenge.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { pageData } from "~/lib/page-data.server";
import { clientIp } from "~/lib/request-context.server";
import { requireSignedOut, safeRedirect, startSession } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  return pageData({ constraint: constraintOf(SignInSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireSignedOut(request);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return formFailure(submission.reply({ hideFields: ["password"] }));
  }
  const { email, redirectTo } = submission.value;
  const ip = clientIp(context);

  const blocked = await signInBlocked(email, ip);
  if (blocked) {
    const refused = formFailure(submission.reply({ formErrors: [blocked.message], hideFields: ["password"] }), undefined, 429);
    refused.headers.set("Retry-After", String(blocked.retryAfterSeconds));
    return refused;
  }

  let memberId: number;
  try {
    memberId = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof InvalidCredentials)) throw error;
    await recordSignInFailure(email, ip);
    return formFailure(submission.reply({ formErrors: [error.message], hideFields: ["password"] }));
  }
  // The failures counted so far stay counted until the code is right too: a password alone
  // does not buy more guesses at the code.
  if (await hasTwoFactor(memberId)) return startChallenge(request, memberId, safeRedirect(redirectTo));
  await clearSignInFailures(email);
  return startSession(request, memberId, { redirectTo: safeRedirect(redirectTo), clientIp: ip });
}

export default function SignIn() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "signin", lastResult: actionData?.result, constraint });
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <>
      <div className="card narrow">
        <h1>Sign in</h1>
        <Form method="post" {...getFormProps(form)}>
          <CsrfInput />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
          <Field
            label="Password"
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          />
          <div className="form-errors" role="alert">
            <ErrorList errors={form.errors} />
          </div>
          <div className="form-actions">
            <Link to={`forgot-password${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="button button--secondary">
              Forgot password?
            </Link>
            <StatusButton pending={pending}>Sign in</StatusButton>
          </div>
        </Form>
        <p className="muted">
          New here? <Link to={redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup"}>Join Chapter</Link>
        </p>
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in · Chapter" }];
