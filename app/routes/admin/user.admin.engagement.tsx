import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DEFAULT_ENGAGEMENT } from "~/features/referrals/engagement";
import { engagementRules, saveEngagementRules } from "~/features/referrals/engagement.server";
import { EngagementLight } from "~/features/referrals/EngagementLight";
import { EngagementSettingsSchema } from "~/features/referrals/schema";
import { clubSettings } from "~/lib/club.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [rules, club] = await Promise.all([engagementRules(), clubSettings()]);
  return json({
    defaults: Object.fromEntries(Object.entries(rules).map(([key, value]) => [key, String(value)])),
    builtIn: DEFAULT_ENGAGEMENT,
    currency: club.currency,
    constraint: constraintOf(EngagementSettingsSchema),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: EngagementSettingsSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  await saveEngagementRules(submission.value);
  return respond(request, { type: "success", message: "The engagement points are saved; every light follows them now." }, { to: "/user/admin/engagement" });
}

/** The engagement lights' points and thresholds: /user/admin/engagement (admins only). */
export default function EngagementSettingsPage() {
  const { defaults, builtIn, currency, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useServerForm("engagement", { lastResult: actionData?.result, constraint, defaults });
  const points = (label: string, field: typeof fields.attendance, builtInValue: number) => (
    <Field
      label={label}
      hint={`Default ${builtInValue}.`}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
    />
  );
  return (
    <section className="card" aria-labelledby="engagement-heading">
      <h2 id="engagement-heading">Engagement lights</h2>
      <p>
        Each member&apos;s last six months become a light: points for the events they attended (checked in at the door), the referrals they gave, their
        confirmed one-to-ones, the visitors they brought and the thank-yous they gave for closed business. The <Link to="/user/admin/members">member list</Link>{" "}
        shows each member&apos;s light and can list the reds, for example before renewals.
      </p>
      <p className="engagement-filter">
        <EngagementLight light="green" /> <EngagementLight light="amber" /> <EngagementLight light="red" />
      </p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <fieldset>
          <legend>Points</legend>
          <div className="grid-2">
            {points("An event attended", fields.attendance, builtIn.attendance)}
            {points("A referral given", fields.referral, builtIn.referral)}
            {points("A one-to-one", fields.oneToOne, builtIn.oneToOne)}
            {points("A visitor brought", fields.visitor, builtIn.visitor)}
            {points(`Each whole 1,000 ${currency} given in thank-yous`, fields.thanks, builtIn.thanks)}
          </div>
        </fieldset>
        <fieldset>
          <legend>Lights</legend>
          <p className="field-hint">Below amber&apos;s points, a member&apos;s light is red.</p>
          <div className="grid-2">
            {points("Green from (points)", fields.greenFrom, builtIn.greenFrom)}
            {points("Amber from (points)", fields.amberFrom, builtIn.amberFrom)}
          </div>
        </fieldset>
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Save the points</StatusButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Engagement lights · Admin · Chapter" }];
