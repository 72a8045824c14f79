import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { awaitingBankTransfer, cancelBankTransfer } from "~/features/payments/admin-payments.server";
import { formatMoney } from "~/features/membership/packages";
import { orNotFound, parseId, refuse } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

async function transferFrom(request: Request, paymentId: string | undefined) {
  const admin = await requireAdmin(request);
  const found = await awaitingBankTransfer(orNotFound(parseId(paymentId)));
  if (!found.ok) refuse(found);
  return { admin, payment: found.payment };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { payment } = await transferFrom(request, params.paymentId);
  return json({
    reference: payment.reference,
    description: payment.description,
    amount: formatMoney(payment.amount_cents, payment.currency),
    memberName: payment.member_name,
    memberEmail: payment.member_email,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, payment } = await transferFrom(request, params.paymentId);
  const outcome = await cancelBankTransfer(payment.id, admin.id);
  if (!outcome.ok) refuse(outcome);
  return respond(request, { type: "success", message: outcome.message }, { to: `/user/admin/payments${new URL(request.url).search}` });
}

export default function CancelOrder() {
  const { reference, description, amount, memberName, memberEmail } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      message="Are you sure you want to cancel this order?"
      confirmLabel="Yes, cancel it"
      cancelTo={`/user/admin/payments${search}`}
    >
      <p>
        <code>{reference}</code>: {description}, {amount}, ordered by <strong>{memberName}</strong> ({memberEmail}). A transfer
        arriving later with this reference will have to be refunded or handled by hand.
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Cancel an order · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
