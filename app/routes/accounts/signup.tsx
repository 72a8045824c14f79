import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { findInvitation, welcomeInvitee } from "~/features/invitations/invitations.server";
import { createMember, emailTaken, getProfile } from "~/features/members/members.server";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { NewPasswordFields } from "~/features/members/NewPasswordFields";
import { SignUpSchema } from "~/features/members/schema";
import { claimSetupVisit } from "~/lib/club.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { rememberPublicOrigin } from "~/lib/public-origin.server";
import { clientIp } from "~/lib/request-context.server";
import { requireSignedOut, safeRedirect, startSession } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField } from "~/ui/field";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** An invitation link (/signup?invite={token}): who invited them, and the e-mail it was sent to. */
async function invitationFor(token: string | null) {
  if (!token) return null;
  const invitation = await findInvitation(token);
  if (!invitation) return { valid: false as const };
  return {
    valid: true as const,
    token,
    inviterName: invitation.inviter_name,
    name: invitation.name ?? "",
    email: invitation.email ?? "",
    message: invitation.message,
    imageUrl: invitation.image_token ? `/invitations/${token}/image` : null,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  const invitation = await invitationFor(new URL(request.url).searchParams.get("invite"));
  return json({ constraint: constraintOf(SignUpSchema), invitation });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireSignedOut(request);
  const formData = await request.formData();
  const submission = await parseWithZod(formData, {
    schema: SignUpSchema.superRefine(async (data, ctx) => {
      if (await emailTaken(data.email)) {
        ctx.addIssue({ code: "custom", path: ["email"], message: "An account with this e-mail already exists. Sign in instead." });
      }
    }),
    async: true,
  });
  if (submission.status !== "success") {
    return formFailure(submission.reply({ hideFields: ["password"] }));
  }
  const { name, email, password, memberType, redirectTo, invite } = submission.value;
  const memberId = await createMember({ name, email, password, memberType });
  await welcomeInvitee({ id: memberId, name, email }, invite || null);
  const isAdmin = (await getProfile(memberId))?.role === "admin";
  if (isAdmin) await rememberPublicOrigin(request);
  // The install's first admin sets the club up first (once: never again, whoever signs up).
  if (isAdmin && (await claimSetupVisit())) {
    return startSession(request, memberId, {
      redirectTo: "/user/admin/club",
      clientIp: clientIp(context),
      notification: {
        type: "success",
        message: `Welcome to Chapter, ${name}! Start by setting up your club: its name, time zone, currency and how members pay.`,
      },
    });
  }
  return startSession(request, memberId, {
    redirectTo: safeRedirect(redirectTo),
    clientIp: clientIp(context),
    notification: { type: "success", message: `Welcome to Chapter, ${name}!` },
  });
}

export default function SignUp() {
  const { constraint, invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const [form, fields] = useForm<{ name: string; email: string; password: string; memberType: string; redirectTo: string }>({
    id: "signup",
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: "onBlur",
    defaultValue: invitation?.valid ? { name: invitation.name, email: invitation.email } : undefined,
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <div className="card narrow">
      <h1>Join Chapter</h1>
      {invitation?.valid ? (
        <div className="invitation-card" data-testid="invitation">
          {invitation.imageUrl ? <img className="invite-image" src={invitation.imageUrl} alt="" width={100} height={100} /> : null}
          <div>
            <p>
              <strong>{invitation.inviterName}</strong> invited you to join Chapter.
            </p>
            {invitation.message ? <blockquote>{invitation.message}</blockquote> : null}
          </div>
        </div>
      ) : invitation ? (
        <p className="invite-notice" role="status" data-testid="invitation">
          This invitation link no longer works: it has expired, was replaced by a newer one or has been used. You can still create your account below.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        {invitation?.valid ? <input type="hidden" name="invite" value={invitation.token} /> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
        <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        <NewPasswordFields label="Password" password={fields.password} />
        <SelectField
          label="I am"
          options={MEMBER_TYPES}
          placeholder="Choose one"
          errors={fields.memberType.errors}
          selectProps={getSelectProps(fields.memberType)}
        />
        <ErrorList errors={form.errors} />
        <div className="form-actions">
          <StatusButton pending={pending}>Create my account</StatusButton>
        </div>
      </Form>
      <p className="muted">
        Already a member? <Link to={redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin"}>Sign in</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Join · Chapter" }];
