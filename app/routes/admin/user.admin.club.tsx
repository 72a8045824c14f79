import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ClubSettingsSchema } from "~/features/club/schema";
import { DIGEST_DAYS, DIGEST_HOUR, type DigestDay } from "~/lib/digest-days";
import { DEFAULT_INCLUDES, includesField, PACKAGES } from "~/features/membership/packages";
import { currencyCodes } from "~/lib/currencies";
import { clubSettings, saveClubSettings } from "~/lib/club.server";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { paymentProvider } from "~/lib/payments/payments.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { timeZones } from "~/lib/time-zones";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const club = await clubSettings();
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  const defaults: Record<string, string> = {
    name: club.name,
    timeZone: club.timeZone,
    currency: club.currency,
    bankAccountName: club.bank.accountName ?? "",
    bankName: club.bank.bankName ?? "",
    bankIban: club.bank.iban ?? "",
    bankBic: club.bank.bic ?? "",
    bankInstructions: club.bank.instructions ?? "",
    digestDay: club.digestDay,
  };
  for (const item of PACKAGES) defaults[includesField(item.id)] = club.packageIncludes[item.id] ?? DEFAULT_INCLUDES[item.id].join("\n");
  return json({
    defaults,
    constraint: constraintOf(ClubSettingsSchema),
    timeZones: timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") })),
    currencies: currencyCodes().map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` })),
    cardPayments: paymentProvider().name === "stripe",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: ClubSettingsSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const value = submission.value as Record<string, string | null> & { name: string; timeZone: string; currency: string; digestDay?: DigestDay };
  await saveClubSettings({
    name: value.name,
    timeZone: value.timeZone,
    currency: value.currency,
    bank: {
      accountName: value.bankAccountName ?? "",
      bankName: value.bankName ?? "",
      iban: value.bankIban ?? "",
      bic: value.bankBic ?? "",
      instructions: value.bankInstructions ?? "",
    },
    packageIncludes: Object.fromEntries(PACKAGES.map((item) => [item.id, value[includesField(item.id)] ?? ""])),
    digestDay: value.digestDay,
  });
  return respond(request, { type: "success", message: "The club's settings are saved." }, { to: "/user/admin/club" });
}

/** The club as an admin sets it up: what members see in times, prices and the payment page. */
export default function ClubSettingsPage() {
  const { defaults, constraint, timeZones, currencies, cardPayments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useServerForm("club-settings", { lastResult: actionData?.result, constraint, defaults });
  const field = (name: string) => fields[name as keyof typeof fields];

  return (
    <section className="card" aria-labelledby="club-heading">
      <h2 id="club-heading">The club</h2>
      <p className="muted">Times, prices and the membership payment page follow these settings as soon as they are saved.</p>
      <Form method="post" {...getFormProps(form)} className="club-form">
        <CsrfInput />
        <Field label="Club name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "organization" }} />
        <div className="grid-2">
          <SelectField
            label="Time zone"
            hint="Times are shown in it to members who have not chosen their own."
            errors={fields.timeZone.errors}
            options={timeZones}
            selectProps={getSelectProps(fields.timeZone)}
          />
          <SelectField
            label="Currency"
            hint="New prices (membership, tickets, offers) are in it."
            errors={fields.currency.errors}
            options={currencies}
            selectProps={getSelectProps(fields.currency)}
          />
        </div>
        <SelectField
          label="Weekly digest e-mail"
          hint={`From ${DIGEST_HOUR}:00 on this day (the club's time), each member who has not turned it off gets what happened in the club that week.`}
          errors={fields.digestDay.errors}
          options={DIGEST_DAYS.map(({ value, label }) => ({ value, label }))}
          selectProps={getSelectProps(fields.digestDay)}
        />
        <fieldset>
          <legend>Bank details</legend>
          <p className="field-hint">
            Members paying by bank transfer are shown these.{" "}
            {cardPayments
              ? "Card payments are on as well."
              : "Without an account number (and with no card payments set up), members cannot pay, and the Membership page says that payments are not open yet."}
          </p>
          <div className="grid-2">
            <Field label="Account name" errors={fields.bankAccountName.errors} inputProps={getInputProps(fields.bankAccountName, { type: "text" })} />
            <Field label="Bank" errors={fields.bankName.errors} inputProps={getInputProps(fields.bankName, { type: "text" })} />
            <Field
              label="Account number or IBAN"
              errors={fields.bankIban.errors}
              inputProps={{ ...getInputProps(fields.bankIban, { type: "text" }), autoComplete: "off", spellCheck: false }}
            />
            <Field
              label="BIC or SWIFT code (optional)"
              errors={fields.bankBic.errors}
              inputProps={{ ...getInputProps(fields.bankBic, { type: "text" }), autoComplete: "off", spellCheck: false }}
            />
          </div>
          <TextareaField
            label="Instructions (optional)"
            hint="For example, how long a transfer usually takes."
            errors={fields.bankInstructions.errors}
            textareaProps={{ ...getTextareaProps(fields.bankInstructions), rows: 2 }}
          />
        </fieldset>
        <fieldset>
          <legend>What each membership package includes</legend>
          <p className="field-hint">One item a line, shown with each package on the Membership page. Leave a box empty to show the default.</p>
          {PACKAGES.map((item) => {
            const includes = field(includesField(item.id));
            return <TextareaField key={item.id} label={item.label} errors={includes.errors} textareaProps={{ ...getTextareaProps(includes), rows: 3 }} />;
          })}
        </fieldset>
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Save the club's settings</StatusButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "The club · Admin · Chapter" }];
