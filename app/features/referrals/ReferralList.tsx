import { Link } from "@remix-run/react";
import type { ReferralStatus } from "~/lib/db-schema";
import { formatDate, formatMoney } from "~/lib/format";
import { ListTable } from "~/ui/list-table";
import { isOpen, statusLabel, warmthLabel } from "./constants";

type Item = {
  id: number;
  name: string;
  company: string | null;
  need: string;
  warmth: number;
  own_need: number;
  status: ReferralStatus;
  amount_cents: number | null;
  currency: string | null;
  created_at: string;
  other_name: string;
};

/** "Business closed · $1,200" or the status alone. */
export function statusText(referral: { status: ReferralStatus; amount_cents: number | null; currency: string | null }) {
  const amount = referral.amount_cents !== null && referral.currency ? ` · ${formatMoney(referral.amount_cents, referral.currency)}` : "";
  return `${statusLabel(referral.status)}${amount}`;
}

/** Referrals given or received, as a table: who, what they need, how warm, where it stands. */
export function ReferralList({ referrals, side, timeZone }: { referrals: Item[]; side: "given" | "received"; timeZone: string }) {
  return (
    <ListTable headings={["Referral", side === "given" ? "To" : "From", "Need", "Warmth", "Status", "Given"]}>
      {referrals.map((referral) => (
        <tr key={referral.id} data-testid={`referral-${side}`}>
          <th scope="row">
            <Link to={`/user/referrals/${referral.id}`}>{referral.name}</Link>
            {referral.company ? <span className="muted"> · {referral.company}</span> : null}
          </th>
          <td data-label={side === "given" ? "To" : "From"}>{referral.other_name}</td>
          <td data-label="Need">
            {referral.need.length > 120 ? `${referral.need.slice(0, 120)}…` : referral.need}
            {referral.own_need ? (
              <>
                {" "}
                <span className="badge">Own need</span>
              </>
            ) : null}
          </td>
          <td data-label="Warmth">{warmthLabel(referral.warmth)}</td>
          <td data-label="Status">
            <span className={isOpen(referral.status) ? "badge badge--open" : "badge"}>{statusText(referral)}</span>
          </td>
          <td data-label="Given">{formatDate(referral.created_at, timeZone)}</td>
        </tr>
      ))}
    </ListTable>
  );
}
