import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { orNotFound } from "~/lib/http.server";
import { readOutboxMessage } from "~/lib/mail.server";
import { requireAdmin } from "~/lib/session.server";
import { CopyButton } from "~/ui/copy-button";
import { RouteDialog } from "~/ui/route-dialog";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const message = orNotFound(await readOutboxMessage(params.messageId ?? ""));
  const links = Array.from(new Set(message.text.match(/https?:\/\/\S+/g) ?? []));
  return json({ message, links });
}

export default function OutboxMessage() {
  const { message, links } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={message.subject} size="large">
      <dl className="details">
        <dt>To</dt>
        <dd>{message.to}</dd>
        <dt>From</dt>
        <dd>{message.from}</dd>
        <dt>Written</dt>
        <dd>
          <ViewerTime value={new Date(message.sentAt).toISOString()} />
        </dd>
      </dl>
      <pre className="mail" data-testid="mail-text">
        {message.text}
      </pre>
      {links.length > 0 ? (
        <ul className="mail-links">
          {links.map((link) => (
            <li key={link}>
              <a href={link}>{link}</a> <CopyButton text={link} label="Copy link" />
            </li>
          ))}
        </ul>
      ) : null}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Message · Mail outbox · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
