import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RecoveryCodes } from "~/features/members/RecoveryCodes";
import { TwoFactorSetupSchema } from "~/features/members/schema";
import { enableTwoFactor, hasTwoFactor, newTotpSecret, setupView } from "~/features/members/two-factor.server";
import { groupSecret } from "~/features/members/two-factor-codes";
import { clubSettings } from "~/lib/club.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CopyButton } from "~/ui/copy-button";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { NoticeDialog, RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

const WRONG_CODE =
  "That code is not right. Enter the 6 digits your app shows now for this account; if it keeps failing, check that your phone's clock is set automatically.";

// Nothing is stored until the member confirms a code: the key travels in the form, and a
// refused code answers with the same key and QR code, so the app's entry keeps working.
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const club = (await clubSettings()).name;
  if (await hasTwoFactor(member.id)) return json({ enabled: true as const, club, setup: null, constraint: null });
  const setup = await setupView(newTotpSecret(), member.email);
  return json({ enabled: false as const, club, setup, constraint: constraintOf(TwoFactorSetupSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: TwoFactorSetupSchema });
  if (submission.status !== "success") {
    const secret = submission.payload.secret;
    const setup = typeof secret === "string" && /^[A-Z2-7]{32}$/.test(secret) ? await setupView(secret, member.email) : null;
    return formFailure(submission.reply({ hideFields: ["code"] }), { setup, recoveryCodes: null });
  }
  const { secret, code } = submission.value;
  const outcome = await enableTwoFactor(member.id, secret, code);
  if (outcome === "already-on") {
    return respond(request, { type: "info", message: "Two-factor sign-in was already on." }, { to: "/user/settings/security" });
  }
  if (outcome === "wrong-code") {
    return formFailure(submission.reply({ fieldErrors: { code: [WRONG_CODE] }, hideFields: ["code"] }), {
      setup: await setupView(secret, member.email),
      recoveryCodes: null,
    });
  }
  // Answered, not redirected: the codes are shown once and kept nowhere to show again.
  return json({ result: null, setup: null, recoveryCodes: outcome });
}

export default function TurnOnTwoFactor() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const setup = actionData?.setup ?? loaderData.setup;
  const [form, fields] = useForm({
    id: "two-factor-setup",
    lastResult: actionData?.result,
    constraint: loaderData.constraint ?? undefined,
    shouldRevalidate: "onSubmit",
  });

  if (actionData?.recoveryCodes) {
    return (
      <RouteDialog title="Two-factor sign-in is on" size="medium">
        <RecoveryCodes codes={actionData.recoveryCodes} club={loaderData.club} />
      </RouteDialog>
    );
  }
  if (!setup) {
    return (
      <NoticeDialog title="Two-factor sign-in">
        <p>Two-factor sign-in is already on for your account.</p>
      </NoticeDialog>
    );
  }
  return (
    <RouteDialog title="Turn on two-factor sign-in" size="medium">
      <p>
        You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator, 2FAS or your password manager. It shows a new
        6-digit code every 30 seconds, which you enter after your password when you sign in.
      </p>
      <div className="two-factor-setup">
        <div
          className="two-factor-setup__qr"
          role="img"
          aria-label="QR code to scan with your authenticator app"
          // qrcode's own SVG of the otpauth: address (our key and the club's name, escaped by qrcode).
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div>
          <p>
            <strong>1.</strong> In the app, add an account and scan this QR code.
          </p>
          <p className="two-factor-setup__on-phone">
            On this phone?{" "}
            <a href={setup.appUri} className="button button--secondary button--small">
              Add it to your authenticator app
            </a>
          </p>
          <p>Cannot scan it? Choose to enter a key instead, and type this one:</p>
          <p className="two-factor-setup__key">
            <code data-testid="two-factor-key">{groupSecret(setup.secret)}</code> <CopyButton text={setup.secret} label="Copy key" />
          </p>
          <p className="muted">Account: {setup.issuer}. The key is time-based.</p>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="secret" value={setup.secret} />
        <Field
          label="2. Enter the 6-digit code the app shows"
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), inputMode: "numeric", autoComplete: "one-time-code", spellCheck: false }}
        />
        <div className="form-errors" role="alert">
          <ErrorList errors={form.errors} />
        </div>
        <div className="dialog-actions">
          <StatusButton pending={pending}>Turn on</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Settings · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
