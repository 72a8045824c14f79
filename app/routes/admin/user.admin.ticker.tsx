import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { listAnnouncements } from "~/features/announcements/announcements.server";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ announcements: await listAnnouncements() });
}

const STATUS_LABEL = { current: "Current", scheduled: "Scheduled", ended: "Ended" } as const;

function when(iso: string) {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
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
        <div className="table-wrap">
          <table className="list list--stacked">
            <thead>
              <tr>
                <th scope="col">Announcement</th>
                <th scope="col">Status</th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <Link to={`${announcement.id}/remove`} preventScrollReset aria-label={`Remove “${announcement.message}”`}>
                      Remove
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "News ticker · Admin · Chapter" }];
