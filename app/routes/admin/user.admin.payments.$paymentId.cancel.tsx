import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { cancelBankTransfer } from "~/features/payments/admin-payments.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { answerTransfer, transferFrom, transferSummary } from "./bank-transfer.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { payment } = await transferFrom(request, params.paymentId);
  return json(transferSummary(payment));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, payment } = await transferFrom(request, params.paymentId);
  return answerTransfer(request, await cancelBankTransfer(payment.id, admin.id));
}

export default function CancelOrder() {
  const { reference, description, amount, memberName, memberEmail } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog message="Are you sure you want to cancel this order?" confirmLabel="Yes, cancel it" cancelTo={`/user/admin/payments${search}`}>
      <p>
        <code>{reference}</code>: {description}, {amount}, ordered by <strong>{memberName}</strong> ({memberEmail}). A transfer arriving later with this
        reference will have to be refunded or handled by hand.
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Cancel an order · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
