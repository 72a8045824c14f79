import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { deleteAccount } from "~/features/account/delete-account.server";
import { DeleteAccountSchema } from "~/features/account/schema";
import { currentPasswordMatches } from "~/features/members/members.server";
import { proofCheck } from "~/features/members/proof.server";
import { signInBlocked } from "~/features/members/sign-in-throttle.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { clientIp } from "~/lib/request-context.server";
import { endSession, requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { Field, ErrorList } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ constraint: constraintOf(DeleteAccountSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const ip = clientIp(context);
  // Guessing the password here is throttled like signing in, with the same counts.
  const blocked = await signInBlocked(member.email, ip);
  const submission = await parseWithZod(await request.formData(), {
    schema: DeleteAccountSchema.superRefine(
      proofCheck(member, ip, blocked, {
        field: "password",
        holds: (data) => currentPasswordMatches(member.id, data.password),
        wrong: "That is not your password.",
      }),
    ),
    async: true,
  });
  if (submission.status !== "success") return formFailure(submission.reply({ hideFields: ["password"] }));
  const deleted = await deleteAccount(member.id);
  if (!deleted.ok) return formFailure(submission.reply({ formErrors: [deleted.message], hideFields: ["password"] }), undefined, 409);
  return endSession(request, { type: "success", message: "Your account has been deleted. Thank you for being a member of Chapter." });
}

export default function DeleteAccount() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "delete-account", lastResult: actionData?.result, constraint });
  return (
    <RouteDialog title="Delete my account" size="small">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <p>
          This deletes your contacts, events, posts, offers, plans, friendships, chats and every file you uploaded, and signs you out everywhere. It cannot be
          undone. <a href="/user/settings/my-data.zip">Download your data</a> first if you want to keep it.
        </p>
        <p className="muted">Your comments on other members' posts stay, shown as from "a former member", and so do your payments in the club's accounts.</p>
        <Field
          label="Your password"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton pending={pending} className="button--danger">
            Delete my account
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete my account · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
