import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { currentPasswordMatches } from "~/features/members/members.server";
import { RecoveryCodes } from "~/features/members/RecoveryCodes";
import { RecoveryCodesSchema } from "~/features/members/schema";
import { proofCheck } from "~/features/members/proof.server";
import { signInBlocked } from "~/features/members/sign-in-throttle.server";
import { hasTwoFactor, regenerateRecoveryCodes, verifySecondFactor } from "~/features/members/two-factor.server";
import { clubSettings } from "~/lib/club.server";
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
  return json({ enabled: await hasTwoFactor(member.id), club: (await clubSettings()).name, constraint: constraintOf(RecoveryCodesSchema) });
}

/** Six digits are a code from the app (no password is that short); anything else is the password. */
async function proofHolds(memberId: number, proof: string) {
  const trimmed = proof.trim();
  if (/^\d{3}\s?\d{3}$/.test(trimmed)) return (await verifySecondFactor(memberId, trimmed)) === "code";
  return currentPasswordMatches(memberId, proof);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const ip = clientIp(context);
  const blocked = await signInBlocked(member.email, ip);
  const submission = await parseWithZod(await request.formData(), {
    schema: RecoveryCodesSchema.superRefine(
      proofCheck(member, ip, blocked, {
        field: "proof",
        holds: (data) => proofHolds(member.id, data.proof),
        wrong: "That is neither the code your app shows now nor your password.",
      }),
    ),
    async: true,
  });
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: ["proof"] }), { recoveryCodes: null }, blocked ? 429 : 400);
  const codes = await regenerateRecoveryCodes(member.id);
  if (!codes)
    return respond(request, { type: "info", message: "Two-factor sign-in is off, so there are no recovery codes." }, { to: "/user/settings/security" });
  // Answered, not redirected: the codes are shown once and kept nowhere to show again.
  return json({ result: null, recoveryCodes: codes });
}

export default function NewRecoveryCodes() {
  const { enabled, club, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "recovery-codes", lastResult: actionData?.result, constraint });
  if (actionData?.recoveryCodes) {
    return (
      <RouteDialog title="Your new recovery codes" size="medium">
        <RecoveryCodes codes={actionData.recoveryCodes} club={club} />
      </RouteDialog>
    );
  }
  if (!enabled) {
    return (
      <NoticeDialog title="Recovery codes">
        <p>Recovery codes come with two-factor sign-in, which is off for your account.</p>
      </NoticeDialog>
    );
  }
  return (
    <RouteDialog title="New recovery codes" size="small">
      <p>You get ten new codes. Your old recovery codes, used or not, stop working.</p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Field
          label="The code your app shows, or your password"
          errors={fields.proof.errors}
          inputProps={{ ...getInputProps(fields.proof, { type: "password" }), autoComplete: "current-password" }}
        />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Make new codes</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "New recovery codes · Settings · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
