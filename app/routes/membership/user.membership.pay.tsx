import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { findPackage, type PackageId, PACKAGES, packageIncludes, type Period, PERIODS, priceCents } from "~/features/membership/packages";
import { constraintOf } from "~/lib/constraint.server";
import { formatMoney } from "~/lib/format";
import { startMembershipPurchase } from "~/features/membership/purchase.server";
import { MembershipPaymentSchema } from "~/features/membership/schema";
import { formFailure } from "~/lib/http.server";
import { PAYMENTS_NOT_OPEN, paymentProvider, paymentsOpen } from "~/lib/payments/payments.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { useFieldState } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";
import { clubSettings } from "~/lib/club.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const chosen = findPackage(new URL(request.url).searchParams.get("package"));
  const club = await clubSettings();
  return json({
    notOpen: (await paymentsOpen()) ? null : PAYMENTS_NOT_OPEN,
    packageId: chosen?.id ?? PACKAGES[0].id,
    currency: club.currency,
    includes: packageIncludes(club.packageIncludes),
    provider: paymentProvider().name,
    constraint: constraintOf(MembershipPaymentSchema),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  // A page opened before the payment details were removed: say so, with nothing charged.
  if (!(await paymentsOpen())) return formFailure({ status: "error", error: { "": [PAYMENTS_NOT_OPEN] } }, undefined, 409);
  const submission = parseWithZod(await request.formData(), {
    schema: MembershipPaymentSchema.superRefine((value, ctx) => {
      // The price is the server's; an amount sent along must agree with it, or the form was
      // tampered with (or the page is older than a price change).
      if (!findPackage(value.package_type)) return;
      const price = priceCents(value.package_type as PackageId, value.MemberShip);
      if (value.amount !== undefined && Math.round(value.amount * 100) !== price) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "The amount does not match the price of this package. Reload the page and try again." });
      }
    }),
  });
  if (submission.status !== "success") return formFailure(submission.reply());
  const started = await startMembershipPurchase(member, {
    packageId: submission.value.package_type as PackageId,
    period: submission.value.MemberShip,
    origin: await publicOrigin(request),
  });
  if (!started.ok) return formFailure(submission.reply({ formErrors: [started.message] }), undefined, 502);
  return redirect(started.redirectTo);
}

export default function PayMembership() {
  const { notOpen } = useLoaderData<typeof loader>();
  if (notOpen) {
    return (
      <RouteDialog title="Membership payment">
        <p data-testid="payments-closed">{notOpen}</p>
        <div className="dialog-actions">
          <Link to=".." className="button button--secondary" preventScrollReset>
            Back to Membership
          </Link>
        </div>
      </RouteDialog>
    );
  }
  return <PaymentForm />;
}

function PaymentForm() {
  const { packageId, currency, includes, provider, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const pending = useIsPending();
  const [form, fields] = useForm({ id: "membership-payment", lastResult: actionData?.result, constraint });
  // What the refused form sent comes back as it was, but only a known package and plan are
  // chosen again (an unknown one has no price: its error shows beside the choices).
  const [packageChoice, setPackageChoice] = useFieldState(
    form.id,
    "package_type",
    findPackage(fields.package_type.initialValue as string | undefined)?.id ?? packageId,
  );
  const [periodChoice, setPeriodChoice] = useFieldState(form.id, "MemberShip", String(fields.MemberShip.initialValue ?? ""));
  const chosenPackage: PackageId = findPackage(packageChoice)?.id ?? (packageId as PackageId);
  const period: Period | null = PERIODS.find((item) => item.id === periodChoice)?.id ?? null;
  const amount = period ? priceCents(chosenPackage, period) / 100 : null;

  return (
    <RouteDialog title="Membership payment">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        {amount !== null ? <input type="hidden" name="amount" value={amount} /> : null}
        <fieldset>
          <legend>Package</legend>
          {PACKAGES.map((item) => (
            <label key={item.id} className="choice">
              <input type="radio" name="package_type" value={item.id} checked={chosenPackage === item.id} onChange={() => setPackageChoice(item.id)} />
              {item.label}
            </label>
          ))}
          <ErrorList errors={fields.package_type.errors} />
          <p className="field-hint" data-testid="chosen-includes">
            {findPackage(chosenPackage)?.label} includes: {includes[chosenPackage].join("; ")}.
          </p>
        </fieldset>
        <fieldset aria-describedby={fields.MemberShip.errors ? `${fields.MemberShip.id}-error` : undefined}>
          <legend>Plan</legend>
          {PERIODS.map((item) => (
            <label key={item.id} className="choice">
              <input type="radio" name="MemberShip" value={item.id} checked={period === item.id} onChange={() => setPeriodChoice(item.id)} />
              {item.label}: {formatMoney(priceCents(chosenPackage, item.id), currency)}
            </label>
          ))}
          <ErrorList id={`${fields.MemberShip.id}-error`} errors={fields.MemberShip.errors} />
        </fieldset>
        <ErrorList errors={[...(fields.amount.errors ?? []), ...(form.errors ?? [])]} />
        <p className="muted">
          {provider === "stripe"
            ? "You will pay by card on Stripe's secure page, then come back here."
            : "You will get our bank details and a reference to put on your transfer. Your membership starts when the money arrives."}
        </p>
        <div className="dialog-actions">
          {/* SPEC.md §4: the button stays disabled until a plan is chosen (the server also refuses). */}
          <StatusButton pending={pending} disabled={hydrated && period === null}>
            {amount !== null ? `Pay ${formatMoney(amount * 100, currency)}` : "Pay"}
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Membership payment · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
