import { formatDate } from "~/lib/format";
import type { Light } from "./engagement";
import { EngagementLight } from "./EngagementLight";

type Props = {
  light: Light;
  total: number;
  parts: { label: string; count: number; points: number }[];
  period: { from: string; to: string };
  raise: { next: Light; needed: number; ways: string[] } | null;
};

function orList(items: string[]) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** The member's own engagement light: the last six months' points and what would raise it. */
export function EngagementCard({ light, total, parts, period, raise }: Props) {
  return (
    <section className="card" aria-labelledby="engagement-heading" data-testid="my-engagement">
      <div className="page-header">
        <h2 id="engagement-heading">Your engagement</h2>
        <EngagementLight light={light} />
      </div>
      <p className="muted">
        {formatDate(period.from)} – {formatDate(period.to)}: {total} {total === 1 ? "point" : "points"}.
      </p>
      {parts.length ? (
        <dl className="engagement-parts">
          {parts.map((part) => (
            <div key={part.label} className="engagement-part">
              <dt>{part.label}</dt>
              <dd>{part.count}</dd>
              <dd>
                {part.points} {part.points === 1 ? "point" : "points"}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p data-testid="engagement-raise">
        {raise
          ? `${raise.needed} more ${raise.needed === 1 ? "point" : "points"} turn${raise.needed === 1 ? "s" : ""} your light ${raise.next}: for example ${orList(raise.ways)}.`
          : "Your light is green: keep coming, giving referrals and meeting members one to one to keep it so."}
      </p>
    </section>
  );
}
