import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { currentMembership, membershipPaymentsOf } from "~/features/membership/membership.server";
import { PACKAGES, packageIncludes } from "~/features/membership/packages";
import { formatDate, formatMoney } from "~/lib/format";
import { requireMember } from "~/lib/session.server";
import { ListTable } from "~/ui/list-table";
import { ViewerTime } from "~/ui/viewer-time";
import { clubSettings } from "~/lib/club.server";
import { paymentsOpen } from "~/lib/payments/payments.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [membership, payments, club, open] = await Promise.all([currentMembership(member.id), membershipPaymentsOf(member.id), clubSettings(), paymentsOpen()]);
  return json({
    membership,
    payments,
    currency: club.currency,
    includes: packageIncludes(club.packageIncludes),
    paymentsOpen: open,
    isAdmin: member.role === "admin",
  });
}

const STATUS: Record<string, string> = {
  pending: "Waiting for payment",
  paid: "Paid",
  cancelled: "Cancelled",
  failed: "Failed",
};

export default function Membership() {
  const { membership, payments, currency, includes, paymentsOpen, isAdmin } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Membership</h1>
      <section className="card" aria-labelledby="current-membership">
        <h2 id="current-membership">Your membership</h2>
        {membership ? (
          <dl className="details">
            <dt>Package</dt>
            <dd>
              <span className="badge badge--package">{membership.label}</span>
            </dd>
            <dt>Period</dt>
            <dd>{membership.period === "annual" ? "Annual" : "Monthly"}</dd>
            <dt>Started</dt>
            <dd>{membership.starts_on}</dd>
            <dt>Paid until</dt>
            <dd>{formatDate(membership.coveredUntil)}</dd>
          </dl>
        ) : (
          <p>You have no paid membership yet.{paymentsOpen ? " Choose a package below." : ""}</p>
        )}
      </section>
      <section className="card" aria-labelledby="packages-heading">
        <h2 id="packages-heading">Packages</h2>
        {paymentsOpen ? null : (
          <div className="club-notice" role="status" data-testid="payments-closed">
            <p>
              <strong>Payments are not open yet.</strong> The club has not set up a way to pay, so a package cannot be bought for now.
            </p>
            {isAdmin ? (
              <p>
                To open them, enter the club's bank details (at least the account number) on <Link to="/user/admin/club">the club's page</Link>, or set
                STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for card payments.
              </p>
            ) : null}
          </div>
        )}
        <ListTable headings={["Package", "Includes", "Monthly Membership", "Annual Membership"]} actions={paymentsOpen ? "Choose" : undefined}>
          {PACKAGES.map((item) => (
            <tr key={item.id} data-testid="package">
              <th scope="row">{item.label}</th>
              <td data-label="Includes">
                <ul className="package-includes">
                  {includes[item.id].map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </td>
              <td data-label="Monthly Membership">{formatMoney(item.monthly * 100, currency)}</td>
              <td data-label="Annual Membership">{formatMoney(item.annual * 100, currency)}</td>
              {paymentsOpen ? (
                <td className="cell-action">
                  <Link to={`pay?package=${item.id}`} className="button button--small" preventScrollReset>
                    {membership ? "Renew or upgrade" : "Choose"}
                  </Link>
                </td>
              ) : null}
            </tr>
          ))}
        </ListTable>
        {paymentsOpen ? <p className="muted">Paying again extends your membership from the day after it ends.</p> : null}
      </section>
      {payments.length > 0 ? (
        <section className="card" aria-labelledby="payments-heading">
          <h2 id="payments-heading">Your payments</h2>
          <ListTable headings={["Reference", "What", "Amount", "Status", "Date"]}>
            {payments.map((payment) => (
              <tr key={payment.reference}>
                <td>
                  <Link to={`/user/payments/${payment.reference}`}>{payment.reference}</Link>
                </td>
                <td data-label="What">{payment.description}</td>
                <td data-label="Amount">{formatMoney(payment.amount_cents, payment.currency)}</td>
                <td data-label="Status">{STATUS[payment.status] ?? payment.status}</td>
                <td data-label="Date">
                  <ViewerTime value={payment.paid_at ?? payment.created_at} dateOnly />
                </td>
              </tr>
            ))}
          </ListTable>
        </section>
      ) : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Membership · Chapter" }];
