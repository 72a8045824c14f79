import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { currentMembership, membershipPaymentsOf } from "~/features/membership/membership.server";
import { PACKAGES } from "~/features/membership/packages";
import { formatDate, formatMoney } from "~/lib/format";
import { env } from "~/lib/env.server";
import { requireMember } from "~/lib/session.server";
import { ListTable } from "~/ui/list-table";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [membership, payments] = await Promise.all([currentMembership(member.id), membershipPaymentsOf(member.id)]);
  return json({ membership, payments, currency: env().PAYMENT_CURRENCY });
}

const STATUS: Record<string, string> = {
  pending: "Waiting for payment",
  paid: "Paid",
  cancelled: "Cancelled",
  failed: "Failed",
};

export default function Membership() {
  const { membership, payments, currency } = useLoaderData<typeof loader>();
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
          <p>You have no paid membership yet. Choose a package below.</p>
        )}
      </section>
      <section className="card" aria-labelledby="packages-heading">
        <h2 id="packages-heading">Packages</h2>
        <ListTable headings={["Package", "Monthly Membership", "Annual Membership"]} actions="Choose">
          {PACKAGES.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.label}</th>
              <td data-label="Monthly Membership">{formatMoney(item.monthly * 100, currency)}</td>
              <td data-label="Annual Membership">{formatMoney(item.annual * 100, currency)}</td>
              <td className="cell-action">
                <Link to={`pay?package=${item.id}`} className="button button--small" preventScrollReset>
                  {membership ? "Renew or upgrade" : "Choose"}
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
        <p className="muted">Paying again extends your membership from the day after it ends.</p>
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
