import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { respond } from "~/lib/respond.server";
import { endOtherSessions, getSessionId, requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const count = await endOtherSessions(member.id, await getSessionId(request));
  const message = count === 1 ? "One other session is signed out." : `${count} other sessions are signed out.`;
  return respond(request, { type: "success", message }, { to: "/user/settings/security" });
}

export default function ConfirmSignOutOthers() {
  return <ConfirmDialog message="Are you sure you want to sign out all your other sessions?" confirmLabel="Yes, sign them out" />;
}

export const meta: MetaFunction = () => [{ title: "Sign out other sessions · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
