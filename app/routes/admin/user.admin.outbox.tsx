import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { env } from "~/lib/env.server";
import { listOutbox } from "~/lib/mail.server";
import { requireAdmin } from "~/lib/session.server";
import { ListTable } from "~/ui/list-table";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const messages = await listOutbox();
  return json({
    smtp: Boolean(env().SMTP_URL),
    messages: messages.map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt })),
  });
}

export default function Outbox() {
  const { smtp, messages } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Mail outbox</h2>
      <p className="muted">
        {smtp
          ? "Mail is sent through your SMTP server (SMTP_URL). Messages written before it was configured stay listed here."
          : "No mail server is configured (SMTP_URL), so e-mails are kept here instead of being sent. Open one to read it or to pass a link on to the member."}
      </p>
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ListTable headings={["To", "Subject", "Written"]}>
          {messages.map((message) => (
            <tr key={message.id}>
              <td data-label="To">{message.to}</td>
              <td data-label="Subject">
                <Link to={message.id} preventScrollReset>
                  {message.subject}
                </Link>
              </td>
              <td data-label="Written">
                <ViewerTime value={new Date(message.sentAt).toISOString()} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Mail outbox · Admin · Chapter" }];
