import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { memberCurrency, setMemberCurrency } from "~/features/networth/networth.server";
import { CurrencySchema } from "~/features/networth/schema";
import { currencyCodes } from "~/lib/currencies";
import { constraintOf } from "~/lib/constraint.server";
import { formFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { SelectField } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { netWorthPage, yearOfAddress } from "./networth-address.server";
import { clubCurrency } from "~/lib/club.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  return json({
    year: yearOfAddress(request),
    currency: await memberCurrency(member.id),
    clubCurrency: await clubCurrency(),
    currencies: currencyCodes().map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` })),
    constraint: constraintOf(CurrencySchema),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const year = yearOfAddress(request);
  const submission = parseWithZod(await request.formData(), { schema: CurrencySchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  await setMemberCurrency(member.id, submission.value.currency);
  return respond(request, { type: "success", message: `Your figures are now in ${submission.value.currency}.` }, { to: netWorthPage(year) });
}

/** The member's currency setting: the currency every figure of their net worth is in. */
export default function NetWorthCurrency() {
  const { year, currency, clubCurrency, currencies, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useServerForm("net-worth-currency", { lastResult: actionData?.result, constraint, defaults: { currency } });
  return (
    <RouteDialog title="Currency of your figures" closeTo={`/user/net-worth?year=${year}`} size="small">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <SelectField
          label="Currency"
          hint={`The club's is ${clubCurrency}. Amounts already given are not converted: they are shown in the new currency as they are.`}
          errors={fields.currency.errors}
          options={currencies}
          selectProps={getSelectProps(fields.currency)}
        />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Save</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Currency · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
