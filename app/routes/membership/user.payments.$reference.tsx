import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { currentMembership } from "~/features/membership/membership.server";
import { formatDate, formatMoney } from "~/lib/format";
import { ticketOfPayment } from "~/features/tickets/tickets.server";
import { orNotFound } from "~/lib/http.server";
import { bankDetails } from "~/lib/payments/bank-transfer.server";
import { findPayment } from "~/lib/payments/payments.server";
import { requireMember } from "~/lib/session.server";
import { CopyButton } from "~/ui/copy-button";
import { ViewerTime } from "~/ui/viewer-time";

/** A member's own order: what it is, its status, and how to pay it when it waits for a bank
 * transfer. Also where card payments come back to (?return=success|cancel). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const found = await findPayment({ reference: params.reference ?? "" });
  const payment = orNotFound(found?.member_id === member.id ? found : null);
  const returned = new URL(request.url).searchParams.get("return");
  return json({
    payment: {
      reference: payment.reference,
      description: payment.description,
      amount: formatMoney(payment.amount_cents, payment.currency),
      provider: payment.provider,
      status: payment.status,
      createdAt: payment.created_at,
      paidAt: payment.paid_at,
    },
    returned: returned === "success" || returned === "cancel" ? returned : null,
    bank: payment.provider === "bank_transfer" ? await bankDetails() : null,
    membership: payment.purpose === "membership" ? await currentMembership(member.id) : null,
    ...(payment.purpose === "ticket" ? { ticket: await ticketOfPayment(payment.id) } : {}),
  });
}

export default function PaymentPage() {
  const { payment, returned, bank, membership, ...rest } = useLoaderData<typeof loader>();
  const ticket = "ticket" in rest ? rest.ticket : null;
  const what = ticket ? "ticket" : "membership";
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h1 id="payment-heading">{payment.description}</h1>
      <dl className="details">
        <dt>Reference</dt>
        <dd>
          <code data-testid="payment-reference">{payment.reference}</code> <CopyButton text={payment.reference} />
        </dd>
        <dt>Amount</dt>
        <dd>{payment.amount}</dd>
        <dt>Status</dt>
        <dd data-testid="payment-status">
          {payment.status === "paid" && payment.paidAt ? (
            <>
              Paid on <ViewerTime value={payment.paidAt} dateOnly />
            </>
          ) : payment.status === "paid" ? (
            "Paid"
          ) : payment.status === "pending" ? (
            "Waiting for payment"
          ) : payment.status === "cancelled" ? (
            "Cancelled"
          ) : (
            "Failed"
          )}
        </dd>
      </dl>

      {payment.status === "paid" && membership ? (
        <p className="upload-status">
          Thank you! Your {membership.label} membership is active until {formatDate(membership.coveredUntil)}.
        </p>
      ) : null}
      {ticket && ticket.status === "issued" ? (
        <p className="upload-status">
          Thank you! Your ticket is issued: <Link to={`/user/tickets/${ticket.code}`}>see your ticket</Link>.
        </p>
      ) : ticket?.status === "cancelled" ? (
        <p>This order's ticket is cancelled and its seat released.</p>
      ) : null}

      {payment.status === "pending" && payment.provider === "stripe" ? (
        returned === "cancel" ? (
          <p>You left the card payment before paying: you have not been charged. You can start again from the {ticket ? "event's" : "Membership"} page.</p>
        ) : (
          <p>
            {returned === "success" ? "Thank you! " : ""}We are waiting for the card payment service to confirm your payment. This usually takes a few seconds:{" "}
            <Link to=".">reload this page</Link>.
          </p>
        )
      ) : null}

      {payment.status === "pending" && bank ? (
        <>
          <h2>Pay by bank transfer</h2>
          <p>
            Transfer <strong>{payment.amount}</strong> with the reference <strong>{payment.reference}</strong> to:
          </p>
          {bank.iban || bank.accountName ? (
            <dl className="details">
              {bank.accountName ? (
                <>
                  <dt>Account name</dt>
                  <dd>{bank.accountName}</dd>
                </>
              ) : null}
              {bank.bankName ? (
                <>
                  <dt>Bank</dt>
                  <dd>{bank.bankName}</dd>
                </>
              ) : null}
              {bank.iban ? (
                <>
                  <dt>IBAN</dt>
                  <dd>
                    <code>{bank.iban}</code>
                  </dd>
                </>
              ) : null}
              {bank.bic ? (
                <>
                  <dt>BIC</dt>
                  <dd>
                    <code>{bank.bic}</code>
                  </dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p>The club's account details will be sent to you by the club's administrator.</p>
          )}
          {bank.instructions ? <p>{bank.instructions}</p> : null}
          <p className="muted">
            Your {what} {ticket ? "is issued" : "starts"} as soon as an administrator sees the transfer arrive
            {ticket ? "; your seat is held until then" : ""}.
          </p>
        </>
      ) : null}
      <p>{ticket ? <Link to="/user/tickets">My tickets</Link> : <Link to="/user/membership">Back to Membership</Link>}</p>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Payment · Chapter" }];
