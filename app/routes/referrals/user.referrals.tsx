import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EngagementCard } from "~/features/referrals/EngagementCard";
import { memberEngagement } from "~/features/referrals/engagement.server";
import { ReferralList } from "~/features/referrals/ReferralList";
import { listReferrals } from "~/features/referrals/referrals.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";

/** The member's referrals: those received to follow up, and those given, the open ones first;
 * and the member's engagement light. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [referrals, engagement] = await Promise.all([listReferrals(member.id), memberEngagement(member.id)]);
  return json({ ...referrals, engagement, timeZone: member.timeZone });
}

export default function Referrals() {
  const { received, given, engagement, timeZone } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Referrals</h1>
        <p className="form-actions">
          <Link to="/user/referrals/report" className="button button--secondary">
            Chapter report
          </Link>
          <Link to="/user/referrals/give" className="button" preventScrollReset>
            Give a referral
          </Link>
        </p>
      </div>
      <EngagementCard {...engagement} />
      <section aria-labelledby="received-heading" className="results">
        <h2 id="received-heading">Received</h2>
        {received.length ? (
          <ReferralList referrals={received} side="received" timeZone={timeZone} />
        ) : (
          <EmptyState>No referrals received yet. Members who know what you are looking for pass business to you here.</EmptyState>
        )}
      </section>
      <section aria-labelledby="given-heading" className="results">
        <h2 id="given-heading">Given</h2>
        {given.length ? (
          <ReferralList referrals={given} side="given" timeZone={timeZone} />
        ) : (
          <EmptyState
            action={
              <Link to="/user/referrals/give" className="button" preventScrollReset>
                Give a referral
              </Link>
            }
          >
            You have not given a referral yet. Pass a contact who needs what another member does.
          </EmptyState>
        )}
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Referrals · Chapter" }];
