import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { isOpen, nextStatuses, statusLabel, warmthLabel } from "~/features/referrals/constants";
import { moveReferral, referralFor } from "~/features/referrals/referrals.server";
import { statusText } from "~/features/referrals/ReferralList";
import { MoveReferralSchema } from "~/features/referrals/schema";
import { currencyCodes } from "~/lib/currencies";
import { constraintOf } from "~/lib/constraint.server";
import { clubCurrency } from "~/lib/club.server";
import { formatDate, formatDateTime, formatMoney } from "~/lib/format";
import { formFailure, notFound, requireFound } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { DetailPageHeader } from "~/ui/detail-page-header";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field";
import { pageKind } from "~/ui/page-kind";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** A referral, for its giver and its receiver alone (anyone else: 404). The receiver moves it
 * on here; the giver follows it, and sees the thank-you when business is closed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const referral = await requireFound(params.referralId, (id) => referralFor(member.id, id));
  return json({
    referral,
    next: referral.role === "receiver" ? nextStatuses(referral.status).map((value) => ({ value, label: statusLabel(value) })) : [],
    currencies: currencyCodes().map((code) => ({ value: code, label: code })),
    currency: await clubCurrency(),
    timeZone: member.timeZone,
    constraint: constraintOf(MoveReferralSchema),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const referral = await requireFound(params.referralId, (id) => referralFor(member.id, id));
  const submission = parseWithZod(await request.formData(), { schema: MoveReferralSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const moved = await moveReferral(member, referral.id, submission.value, await publicOrigin(request));
  if (!moved.ok && moved.reason === "not_found") notFound();
  if (!moved.ok) return formFailure(submission.reply({ fieldErrors: { status: [moved.message] } }));
  return respond(
    request,
    { type: "success", message: `${referral.name} is now ${statusLabel(moved.status).toLowerCase()}. ${referral.giver_name} has been told.` },
    { to: `/user/referrals/${referral.id}` },
  );
}

export default function ReferralPage() {
  const { referral, next, currencies, currency, timeZone, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useServerForm("move-referral", {
    lastResult: actionData?.result,
    constraint,
    defaults: { status: next[0]?.value ?? "", amount: "", currency, reason: "" },
  });
  const thanks =
    referral.status === "closed" && referral.amount_cents !== null && referral.currency ? formatMoney(referral.amount_cents, referral.currency) : null;
  const details: [string, string | null][] = [
    ["Company", referral.company],
    ["Occupation", referral.occupation],
    ["E-mail", referral.email],
    ["Phone", referral.phone],
    ["City", referral.city],
    ["Website", referral.website],
  ];
  return (
    <div className="referral-page">
      <DetailPageHeader back="/user/referrals" backLabel="Referrals" title={referral.name}>
        <span className={isOpen(referral.status) ? "badge badge--open" : "badge"} data-testid="referral-status">
          {statusText(referral)}
        </span>
      </DetailPageHeader>
      <p className="muted" data-testid="referral-meta">
        {referral.role === "receiver" ? `From ${referral.giver_name}` : `To ${referral.receiver_name}`} · given {formatDate(referral.created_at, timeZone)} ·
        warmth {warmthLabel(referral.warmth)}
        {referral.own_need ? ` · ${referral.role === "receiver" ? `${referral.giver_name}'s own need` : "your own need"}` : ""}
      </p>
      {thanks ? (
        <p className="referral-thanks" data-testid="referral-thanks">
          {referral.role === "giver"
            ? `Thank you for closed business: ${referral.receiver_name} closed ${thanks} with ${referral.name}.`
            : `You thanked ${referral.giver_name} for closed business of ${thanks}.`}
        </p>
      ) : null}
      <section className="card" aria-labelledby="referral-need-heading">
        <h2 id="referral-need-heading">What they need</h2>
        <p className="post-message">{referral.need}</p>
        {referral.note ? (
          <>
            <h3>Note</h3>
            <p className="post-message">{referral.note}</p>
          </>
        ) : null}
        <dl className="referral-details">
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  {label === "Website" ? (
                    <a href={value!} rel="noopener noreferrer">
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ))}
        </dl>
        {referral.reason ? (
          <p>
            <strong>No business:</strong> {referral.reason}
          </p>
        ) : null}
      </section>

      {next.length ? (
        <section className="card" aria-labelledby="referral-move-heading">
          <h2 id="referral-move-heading">Follow it up</h2>
          <Form method="post" {...getFormProps(form)}>
            <CsrfInput />
            <fieldset>
              <legend>Where it stands now</legend>
              {next.map((item) => (
                <label key={item.value} className="choice">
                  <input
                    type="radio"
                    name={fields.status.name}
                    value={item.value}
                    defaultChecked={item.value === (fields.status.initialValue ?? next[0].value)}
                  />{" "}
                  {item.label}
                </label>
              ))}
              <ErrorList errors={fields.status.errors} />
            </fieldset>
            {next.some((item) => item.value === "closed") ? (
              <div className="grid-2">
                <Field
                  label="Amount of the business closed"
                  hint="For business closed: your thank-you to the giver (optional)."
                  errors={fields.amount.errors}
                  inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", placeholder: "2,500.00" }}
                />
                <SelectField label="Currency" errors={fields.currency.errors} options={currencies} selectProps={getSelectProps(fields.currency)} />
              </div>
            ) : null}
            <TextareaField
              label="Why no business came of it"
              hint="For no business."
              errors={fields.reason.errors}
              textareaProps={{ ...getTextareaProps(fields.reason), rows: 2 }}
            />
            <ErrorList errors={form.errors} />
            <div className="form-actions">
              <StatusButton pending={pending}>Save</StatusButton>
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="referral-history-heading">
        <h2 id="referral-history-heading">History</h2>
        <ol className="referral-history">
          <li>
            {formatDateTime(referral.created_at, timeZone)}: {referral.giver_name} gave it to {referral.receiver_name}.
          </li>
          {referral.updates.map((update) => (
            <li key={update.id}>
              {formatDateTime(update.created_at, timeZone)}: {update.member_name} moved it to {statusLabel(update.status).toLowerCase()}
              {update.amount_cents !== null && update.currency ? ` (${formatMoney(update.amount_cents, update.currency)})` : ""}
              {update.reason ? `: ${update.reason}` : ""}.
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.referral.name} · Referrals · Chapter` : "Referral · Chapter" }];
