import { Link } from "@remix-run/react";
import type { ReferralStatus } from "~/lib/db-schema";
import { formatDate, formatMoney } from "~/lib/format";
import { statusLabel } from "./constants";

type Amounts = { currency: string; cents: number }[];

function money(amounts: Amounts) {
  return amounts.length ? amounts.map((amount) => formatMoney(amount.cents, amount.currency)).join(" + ") : "—";
}

/** The home page's card: this week's referral figures and the received referrals to follow up. */
export function ReferralsCard({
  week,
  numbers,
  toFollowUp,
}: {
  week: { from: string; to: string };
  numbers: { given: number; received: number; thanksGiven: Amounts; thanksReceived: Amounts; oneToOnes: number };
  toFollowUp: { id: number; name: string; status: ReferralStatus; giver_name: string; need: string }[];
}) {
  return (
    <section className="card" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading">Referrals</h2>
      <h3 className="muted referral-week">
        This week, {formatDate(week.from)} – {formatDate(week.to)}
      </h3>
      <dl className="details details--compact" data-testid="referral-week">
        <dt>Given</dt>
        <dd>{numbers.given}</dd>
        <dt>Received</dt>
        <dd>{numbers.received}</dd>
        <dt>Thank-you received</dt>
        <dd>{money(numbers.thanksReceived)}</dd>
        <dt>Thank-you given</dt>
        <dd>{money(numbers.thanksGiven)}</dd>
        <dt>One-to-ones</dt>
        <dd>{numbers.oneToOnes}</dd>
      </dl>
      <h3>To follow up</h3>
      {toFollowUp.length ? (
        <ul className="home-list" data-testid="referrals-to-follow-up">
          {toFollowUp.map((referral) => (
            <li key={referral.id}>
              <Link to={`/user/referrals/${referral.id}`}>{referral.name}</Link> <span className="badge badge--open">{statusLabel(referral.status)}</span>
              <br />
              <span className="muted">
                From {referral.giver_name} · {referral.need.length > 80 ? `${referral.need.slice(0, 80)}…` : referral.need}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing waiting: every referral you received is followed up.</p>
      )}
      <p className="form-actions">
        <Link to="/user/referrals/give?back=%2Fuser" className="button button--small">
          Give a referral
        </Link>
        <Link to="/user/referrals">All referrals</Link>
        <Link to="/user/one-to-ones">One-to-ones</Link>
      </p>
    </section>
  );
}
