import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { awaitingBankTransfer, confirmBankTransfer } from "~/features/payments/admin-payments.server";
import { formatMoney } from "~/features/membership/packages";
import { orNotFound, parseId, refuse } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

async function transferFrom(request: Request, paymentId: string | undefined) {
  const admin = await requireAdmin(request);
  const found = await awaitingBankTransfer(orNotFound(parseId(paymentId)));
  if (!found.ok) refuse(found);
  return { admin, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { payment, membership } = await transferFrom(request, params.paymentId);
  return json({
    reference: payment.reference,
    description: payment.description,
    amount: formatMoney(payment.amount_cents, payment.currency),
    memberName: payment.member_name,
    memberEmail: payment.member_email,
    ...(payment.purpose === "ticket" ? { issuesTicket: true } : {}),
    paidUntil: payment.purpose === "membership" ? (membership?.coveredUntil ?? null) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, payment } = await transferFrom(request, params.paymentId);
  const outcome = await confirmBankTransfer(payment.id, admin.id);
  if (!outcome.ok) refuse(outcome);
  return respond(request, { type: "success", message: outcome.message }, { to: `/user/admin/payments${new URL(request.url).search}` });
}

export default function ConfirmTransfer() {
  const { reference, description, amount, memberName, memberEmail, paidUntil, ...rest } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      message={`Are you sure this transfer has arrived? Marking it paid ${"issuesTicket" in rest ? "issues the ticket" : "activates the membership"}.`}
      confirmLabel="Yes, mark it paid"
      destructive={false}
      cancelTo={`/user/admin/payments${search}`}
    >
      <p>
        <strong>{amount}</strong> with the reference <code>{reference}</code> from <strong>{memberName}</strong> ({memberEmail}):{" "}
        {description}.
      </p>
      {paidUntil ? <p className="muted">Their membership is already paid until {paidUntil}; this payment extends it.</p> : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Mark a payment paid · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
