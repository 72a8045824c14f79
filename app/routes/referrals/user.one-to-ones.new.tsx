import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { todayIn } from "~/features/journal/dates";
import { MemberPicker } from "~/features/referrals/MemberPicker";
import { proposeOneToOne } from "~/features/referrals/one-to-ones.server";
import { findMembersToReferTo, memberToReferTo } from "~/features/referrals/referrals.server";
import { OneToOneSchema } from "~/features/referrals/schema";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure, parseId } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** "Record a one-to-one": the member met (found by name), the day, the place and one's own
 * note; the other member is asked to confirm it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const withId = parseId(params.get("with"));
  const partner = withId === null ? null : await memberToReferTo(member.id, withId);
  const memberQuery = params.get("member_q")?.trim().slice(0, 100) ?? "";
  return json({
    partner,
    memberQuery,
    members: partner || !memberQuery ? null : await findMembersToReferTo(member.id, memberQuery),
    today: todayIn(member.timeZone),
    constraint: constraintOf(OneToOneSchema),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = parseWithZod(await request.formData(), { schema: OneToOneSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (submission.value.met_on > todayIn(member.timeZone)) {
    return formFailure(submission.reply({ fieldErrors: { met_on: ["Choose the day you met: today or before."] } }));
  }
  const outcome = await proposeOneToOne(member, submission.value, await publicOrigin(request));
  if (!outcome.ok) return formFailure(submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }));
  return respond(
    request,
    { type: "success", message: `Your one-to-one with ${outcome.partnerName} is recorded: it counts once they confirm it.` },
    { to: `/user/one-to-ones/${outcome.id}` },
  );
}

export default function NewOneToOne() {
  const { partner, memberQuery, members, today, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useServerForm("one-to-one", {
    lastResult: actionData?.result,
    constraint,
    defaults: { partner_id: "", met_on: today, place: "", note: "" },
  });
  return (
    <RouteDialog title="Record a one-to-one" closeTo="/user/one-to-ones">
      <MemberPicker
        heading="With"
        action="/user/one-to-ones/new"
        chosen={partner}
        query={memberQuery}
        found={members}
        hidden={null}
        chooseHref={(id) => `/user/one-to-ones/new?with=${id}`}
        clearHref="/user/one-to-ones/new"
        errors={fields.partner_id.errors}
      />
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="partner_id" value={partner?.id ?? ""} />
        <div className="grid-2">
          <Field label="Met on" errors={fields.met_on.errors} inputProps={{ ...getInputProps(fields.met_on, { type: "date" }), max: today }} />
          <Field label="Where" errors={fields.place.errors} inputProps={getInputProps(fields.place, { type: "text" })} />
        </div>
        <TextareaField
          label="Your notes (optional)"
          hint="Only you see your notes; the other member keeps their own."
          errors={fields.note.errors}
          textareaProps={{ ...getTextareaProps(fields.note), rows: 3 }}
        />
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Record one-to-one</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Record a one-to-one · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
