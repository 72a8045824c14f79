import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/session.server";
import { adminOverview } from "~/features/admin/overview.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(await adminOverview());
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The admin's sections, each with what it is for and, where something waits, how much. */
export default function AdminHome() {
  const overview = useLoaderData<typeof loader>();
  const sections = [
    {
      to: "/user/admin/payments?status=pending&provider=bank_transfer",
      title: "Payments",
      what: "Membership and ticket orders. Mark a bank transfer paid when the money arrives, or cancel it.",
      attention: overview.pendingTransfers > 0 ? `${plural(overview.pendingTransfers, "bank transfer", "bank transfers")} waiting for confirmation` : null,
      status: overview.pendingTransfers === 0 ? "No bank transfers waiting." : null,
    },
    {
      to: "/user/admin/club",
      title: "Club",
      what: "The club's name, time zone, currency, bank details and what each membership package includes.",
      attention: overview.paymentsOpen ? null : "Members cannot pay yet: add the club's bank details",
      status: overview.paymentsOpen ? "Members can pay." : null,
    },
    {
      to: "/user/admin/members",
      title: "Members",
      what: "Every account: find a member, see their engagement light, disable an account or enable it again, reset two-factor sign-in.",
      attention: null,
      status: `${plural(overview.members.active, "active member", "active members")}${overview.members.disabled > 0 ? `, ${overview.members.disabled} disabled` : ""}.`,
    },
    {
      to: overview.redLights > 0 ? "/user/admin/members?light=red" : "/user/admin/engagement",
      title: "Engagement",
      what: "Each member's last six months as a green, amber or red light, from the points you set for attendance, referrals, one-to-ones, visitors and thank-yous.",
      attention: null,
      status: overview.redLights === 0 ? "No member has a red light." : `${plural(overview.redLights, "member has", "members have")} a red light.`,
    },
    {
      to: "/user/admin/ticker",
      title: "Ticker",
      what: "Short announcements shown at the top of every member's page, from and until when you choose.",
      attention: null,
      status:
        overview.currentAnnouncements === 0 ? "Nothing showing now." : `${plural(overview.currentAnnouncements, "announcement", "announcements")} showing now.`,
    },
    {
      to: "/user/admin/outbox",
      title: "Mail outbox",
      what:
        overview.outboxMessages === null
          ? "Mail goes out through the club's mail server; messages written before it was set up are kept here."
          : "No mail server is set up, so the e-mails the app writes (password resets, invitations, receipts) are kept here for you to pass on.",
      attention: null,
      status:
        overview.outboxMessages === null ? null : overview.outboxMessages === 0 ? "No messages." : `${plural(overview.outboxMessages, "message", "messages")}.`,
    },
  ];
  return (
    <ul className="admin-sections" aria-label="Admin sections">
      {sections.map((section) => (
        <li key={section.title} className="card admin-section">
          <h2>
            <Link to={section.to}>{section.title}</Link>
          </h2>
          <p>{section.what}</p>
          {section.attention ? (
            <p className="admin-attention">
              <strong>{section.attention}.</strong>
            </p>
          ) : section.status ? (
            <p className="muted">{section.status}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin · Chapter" }];
