import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { confirmBankTransfer } from "~/features/payments/admin-payments.server";
import { formatDate } from "~/lib/format";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { answerTransfer, transferFrom, transferSummary } from "./bank-transfer.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { payment, membership } = await transferFrom(request, params.paymentId);
  return json({
    ...transferSummary(payment),
    ...(payment.purpose === "ticket" ? { issuesTicket: true } : {}),
    paidUntil: payment.purpose === "membership" ? (membership?.coveredUntil ?? null) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, payment } = await transferFrom(request, params.paymentId);
  return answerTransfer(request, await confirmBankTransfer(payment.id, admin.id));
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
        <strong>{amount}</strong> with the reference <code>{reference}</code> from <strong>{memberName}</strong> ({memberEmail}): {description}.
      </p>
      {paidUntil ? <p className="muted">Their membership is already paid until {formatDate(paidUntil)}; this payment extends it.</p> : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Mark a payment paid · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
