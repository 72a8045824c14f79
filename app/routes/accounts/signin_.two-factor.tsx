import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TwoFactorSignInSchema } from "~/features/members/schema";
import { clearSignInFailures, recordSignInFailure, signInBlocked } from "~/features/members/sign-in-throttle.server";
import { twoFactorStatus, verifySecondFactor } from "~/features/members/two-factor.server";
import { endChallenge, findChallenge } from "~/features/members/two-factor-challenge.server";
import { clubSettings } from "~/lib/club.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { pageData } from "~/lib/page-data.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { clientIp } from "~/lib/request-context.server";
import { respond } from "~/lib/respond.server";
import { requireSignedOut, startSession } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { StatusButton, useIsPending } from "~/ui/status-button";

const WRONG_CODE = "That code is not right. Enter the 6-digit code your app shows now, or one of your recovery codes.";

async function requireChallenge(request: Request) {
  await requireSignedOut(request);
  const challenge = await findChallenge(request);
  if (!challenge) {
    throw await respond(request, { type: "info", message: "Please sign in again: the code was not entered in time." }, { to: "/signin" });
  }
  return challenge;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireChallenge(request);
  return pageData({ club: (await clubSettings()).name, constraint: constraintOf(TwoFactorSignInSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const challenge = await requireChallenge(request);
  const submission = parseWithZod(await request.formData(), { schema: TwoFactorSignInSchema });
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: ["code"] }));
  const ip = clientIp(context);

  // The same counts as passwords: guessing codes is guessing a password.
  const blocked = await signInBlocked(challenge.email, ip);
  if (blocked) {
    const refused = formFailure(submission.reply({ fieldErrors: { code: [blocked.message] }, hideFields: ["code"] }), undefined, 429);
    refused.headers.set("Retry-After", String(blocked.retryAfterSeconds));
    return refused;
  }
  const accepted = await verifySecondFactor(challenge.memberId, submission.value.code);
  if (!accepted) {
    await recordSignInFailure(challenge.email, ip);
    return formFailure(submission.reply({ fieldErrors: { code: [WRONG_CODE] }, hideFields: ["code"] }));
  }
  await clearSignInFailures(challenge.email);
  const clearChallenge = await endChallenge(request, challenge.id);
  let notification;
  if (accepted === "recovery") {
    const status = await twoFactorStatus(challenge.memberId);
    const left = status.enabled ? status.recoveryCodesLeft : 0;
    notification = {
      type: left <= 2 ? ("warning" as const) : ("info" as const),
      message: `You signed in with a recovery code; it will not work again. ${left === 1 ? "1 recovery code is" : `${left} recovery codes are`} left${left <= 2 ? ": make new ones under Settings → Account." : "."}`,
    };
  }
  const response = await startSession(request, challenge.memberId, { redirectTo: challenge.redirectTo, clientIp: ip, notification });
  response.headers.append("Set-Cookie", clearChallenge);
  return response;
}

export default function TwoFactorSignIn() {
  const { club, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "signin-two-factor", lastResult: actionData?.result, constraint, shouldRevalidate: "onSubmit" });
  return (
    <div className="card narrow">
      <h1>Enter your code</h1>
      <p>Your account is protected by two-factor sign-in. Open the authenticator app on your phone and enter the 6-digit code it shows for {club}.</p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Field
          label="Code"
          hint="Lost your phone? Enter one of the recovery codes you saved when you turned two-factor sign-in on."
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoComplete: "one-time-code",
            autoCapitalize: "none",
            spellCheck: false,
            autoFocus: true,
          }}
        />
        <div className="form-errors" role="alert">
          <ErrorList errors={form.errors} />
        </div>
        <div className="form-actions">
          <Link to="/signin" className="button button--secondary">
            Start again
          </Link>
          <StatusButton pending={pending}>Sign in</StatusButton>
        </div>
      </Form>
      <p className="muted">No phone and no recovery codes? An admin of your club can turn two-factor sign-in off for you.</p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Enter your code · Chapter" }];
