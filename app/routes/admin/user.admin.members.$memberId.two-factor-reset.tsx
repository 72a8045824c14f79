import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { findAccount } from "~/features/members/admin-members.server";
import { hasTwoFactor, lastTwoFactorReset, resetTwoFactor } from "~/features/members/two-factor.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { ViewerTime } from "~/ui/viewer-time";

async function accountToReset(request: Request, memberId: string | undefined) {
  const admin = await requireAdmin(request);
  const account = await requireFound(memberId, findAccount);
  return { admin, account };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { account } = await accountToReset(request, params.memberId);
  const [enabled, lastReset] = await Promise.all([hasTwoFactor(account.id), lastTwoFactorReset(account.id)]);
  return json({ name: account.name, email: account.email, enabled, lastReset: lastReset ?? null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, account } = await accountToReset(request, params.memberId);
  const to = `/user/admin/members${new URL(request.url).search}`;
  if (!(await resetTwoFactor(admin.id, account.id))) {
    return respond(request, { type: "info", message: `${account.name} does not have two-factor sign-in on.` }, { to });
  }
  return respond(request, { type: "success", message: `Two-factor sign-in is off for ${account.name}, who has been told by e-mail.` }, { to });
}

export default function ResetTwoFactor() {
  const { name, email, enabled, lastReset } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={`Reset two-factor sign-in for ${name}?`}
      message="Are you sure you want to turn off two-factor sign-in for this member?"
      confirmLabel="Yes, turn it off"
      cancelTo={`/user/admin/members${search}`}
      note={
        lastReset ? (
          <p className="muted">
            Last reset <ViewerTime value={lastReset.created_at} />
            {lastReset.admin_name ? ` by ${lastReset.admin_name}` : ""}.
          </p>
        ) : null
      }
    >
      <p>
        {enabled ? (
          <>
            Do this only for a member who has lost their phone and their recovery codes, and whom you have reached by a way you trust (in person, or by phone).{" "}
            <strong>{name}</strong> ({email}) will sign in with their password alone, will be told by e-mail, and can turn two-factor sign-in on again.
          </>
        ) : (
          <>
            <strong>{name}</strong> ({email}) does not have two-factor sign-in on.
          </>
        )}
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Reset two-factor sign-in · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
