import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getEvent, listAttenders } from "~/features/events/events.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getEvent(id, member.id));
  return json({ title: event.title, attenders: await listAttenders(event.id) });
}

/** SPEC.md §2 "event attenders list": members going and members holding a ticket, once each. */
export default function Attenders() {
  const { title, attenders } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={`Who is going to ${title}`} size="small">
      {attenders.length === 0 ? (
        <p className="muted">Nobody yet.</p>
      ) : (
        <ul className="attender-list" data-testid="attenders">
          {attenders.map((attender) => (
            <li key={attender.id}>
              <Avatar name={attender.name} url={attender.avatarUrl} size={40} />
              <span>{attender.name}</span>
            </li>
          ))}
        </ul>
      )}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Who is going · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
