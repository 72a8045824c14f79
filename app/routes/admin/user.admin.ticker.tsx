import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { listAnnouncements } from "~/features/announcements/announcements.server";
import { requireAdmin } from "~/lib/session.server";
import { formatDateTime } from "~/lib/format";
import { ListTable } from "~/ui/list-table";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ announcements: await listAnnouncements() });
}

const STATUS_LABEL = { current: "Current", scheduled: "Scheduled", ended: "Ended" } as const;

function when(iso: string) {
  // In UTC, as the announcement form takes them.
  return formatDateTime(iso, "UTC", { showZone: true });
}

export default function Ticker() {
  const { announcements } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="ticker-heading">
      <div className="page-header">
        <h2 id="ticker-heading">News ticker</h2>
        <Link to="new" className="button button--small" preventScrollReset>
          New announcement
        </Link>
      </div>
      <p className="muted">Announcements scroll across the top of every page for signed-in members, from their start until their end.</p>
      {announcements.length === 0 ? (
        <p>No announcements yet.</p>
      ) : (
        <ListTable headings={["Announcement", "Status", "Starts", "Ends"]} actions="Actions">
          {announcements.map((announcement) => (
            <tr key={announcement.id} data-testid="announcement-row">
              <td>
                {announcement.message}
                <br />
                <span className="muted">
                  {announcement.link_url ? `Links to ${announcement.link_url} · ` : null}
                  {announcement.created_by_name ? `By ${announcement.created_by_name}` : "By a former member"}
                </span>
              </td>
              <td data-label="Status">
                <span className="badge">{STATUS_LABEL[announcement.status]}</span>
              </td>
              <td data-label="Starts">{when(announcement.starts_at)}</td>
              <td data-label="Ends">{announcement.ends_at ? when(announcement.ends_at) : "No end"}</td>
              <td>
                <Link
                  to={`${announcement.id}/remove`}
                  className="button button--secondary button--danger button--small"
                  preventScrollReset
                  aria-label={`Remove “${announcement.message}”`}
                >
                  Remove
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "News ticker · Admin · Chapter" }];
