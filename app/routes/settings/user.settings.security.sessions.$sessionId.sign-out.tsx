import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { orNotFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { endSessionOf, getSessionId, listSessions, requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

async function otherSessionOf(request: Request, sessionId: string | undefined) {
  const member = await requireMember(request);
  const current = await getSessionId(request);
  const session = orNotFound((await listSessions(member.id)).find((row) => row.id === sessionId && row.id !== current));
  return { member, session };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await otherSessionOf(request, params.sessionId);
  return json(null);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, session } = await otherSessionOf(request, params.sessionId);
  await endSessionOf(member.id, session.id);
  return respond(request, { type: "success", message: "Session signed out." }, { to: "/user/settings/security" });
}

export default function ConfirmSignOutSession() {
  return <ConfirmDialog message="Are you sure you want to sign out this session?" confirmLabel="Yes, sign it out" />;
}

export const meta: MetaFunction = () => [{ title: "Sign out a session · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
