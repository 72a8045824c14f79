import { awaitingBankTransfer } from "~/features/payments/admin-payments.server";
import { formatMoney } from "~/lib/format";
import { orNotFound, parseId, refuse } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";

/** The bank transfer an admin marks paid or cancels: still awaited, or 404 / 400 with why. */
export async function transferFrom(request: Request, paymentId: string | undefined) {
  const admin = await requireAdmin(request);
  const found = await awaitingBankTransfer(orNotFound(parseId(paymentId)));
  if (!found.ok) refuse(found);
  return { admin, payment: found.payment, membership: found.membership };
}

/** What both confirmation dialogs show of the order. */
export function transferSummary(payment: Awaited<ReturnType<typeof transferFrom>>["payment"]) {
  return {
    reference: payment.reference,
    description: payment.description,
    amount: formatMoney(payment.amount_cents, payment.currency),
    memberName: payment.member_name,
    memberEmail: payment.member_email,
  };
}

/** Back to the payments list, as it was filtered, with the outcome (or its refusal). */
export function answerTransfer(request: Request, outcome: { ok: true; message: string } | { ok: false; status: 400 | 404; message: string }) {
  if (!outcome.ok) refuse(outcome);
  return respond(request, { type: "success", message: outcome.message }, { to: `/user/admin/payments${new URL(request.url).search}` });
}
