import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { disableMember, findAccount } from "~/features/members/admin-members.server";
import { badRequest, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

const CANNOT_DISABLE_SELF = "You cannot disable your own account. Another admin can.";
const CANNOT_DISABLE_LAST_ADMIN = "This is the last active admin account; it cannot be disabled.";

async function accountToDisable(request: Request, memberId: string | undefined) {
  const admin = await requireAdmin(request);
  const account = await requireFound(memberId, findAccount);
  if (account.id === admin.id) badRequest(CANNOT_DISABLE_SELF);
  return { admin, account };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { account } = await accountToDisable(request, params.memberId);
  return json({ name: account.name, email: account.email });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, account } = await accountToDisable(request, params.memberId);
  const outcome = await disableMember(admin.id, account.id);
  const to = `/user/admin/members${new URL(request.url).search}`;
  switch (outcome) {
    case "disabled":
      return respond(request, { type: "success", message: `${account.name}'s account is disabled and signed out.` }, { to });
    case "already-disabled":
      return respond(request, { type: "info", message: `${account.name}'s account was already disabled.` }, { to });
    case "self":
      return badRequest(CANNOT_DISABLE_SELF);
    case "last-admin":
      return badRequest(CANNOT_DISABLE_LAST_ADMIN);
    case "not-found":
      return notFound();
  }
}

export default function DisableMember() {
  const { name, email } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={`Disable ${name}'s account?`}
      message="Are you sure you want to disable this account?"
      confirmLabel="Yes, disable"
      cancelTo={`/user/admin/members${search}`}
    >
      <p>
        <strong>{name}</strong> ({email}) will be signed out everywhere and will not be able to sign in until the account is enabled again.
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Disable an account · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
