import { sql } from "kysely";
import { containsPattern } from "~/features/members/admin-members.server";
import { currentMembership } from "~/features/membership/membership.server";
import { packageLabel } from "~/features/membership/packages";
import type { PaymentProviderName, PaymentStatus } from "~/lib/db-schema";
import { db } from "~/lib/db.server";
import { pageWindow } from "~/lib/paging";
import { findPayment, type Payment, settlePayment } from "~/lib/payments/payments.server";
import { fulfilPayment, releasePayment } from "./fulfil.server";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "./labels";
import { formatDate } from "~/lib/format";

export const PAYMENTS_PER_PAGE = 25;

export type PaymentFilters = {
  status?: PaymentStatus;
  provider?: PaymentProviderName;
  purpose?: string;
  /** A reference, or part of the member's name or e-mail. */
  q?: string;
};

/** The filters a URL's query names; values that are not one of ours are ignored. */
export function paymentFiltersFrom(params: URLSearchParams): PaymentFilters {
  const status = PAYMENT_STATUSES.find((item) => item.value === params.get("status"))?.value;
  const provider = PAYMENT_PROVIDERS.find((item) => item.value === params.get("provider"))?.value;
  const purpose = params.get("purpose") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  return {
    ...(status ? { status } : {}),
    ...(provider ? { provider } : {}),
    ...(/^[a-z_]{1,40}$/.test(purpose) ? { purpose } : {}),
    ...(q ? { q } : {}),
  };
}

/** The filters as a query string ("" or "?…"), for links that keep them. */
export function filtersSearch(filters: PaymentFilters, page = 1) {
  const params = new URLSearchParams();
  for (const key of ["status", "provider", "purpose", "q"] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

function filtered(filters: PaymentFilters) {
  let query = db.selectFrom("payments").innerJoin("users as member", "member.id", "payments.member_id");
  if (filters.status) query = query.where("payments.status", "=", filters.status);
  if (filters.provider) query = query.where("payments.provider", "=", filters.provider);
  if (filters.purpose) query = query.where("payments.purpose", "=", filters.purpose);
  const term = filters.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    // lower(...) like: case-insensitive on SQLite and PostgreSQL alike.
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref("payments.reference")}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref("member.name")}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref("member.email")}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

const COLUMNS = [
  "payments.id",
  "payments.reference",
  "payments.member_id",
  "member.name as member_name",
  "member.email as member_email",
  "payments.purpose",
  "payments.item",
  "payments.period",
  "payments.description",
  "payments.amount_cents",
  "payments.currency",
  "payments.provider",
  "payments.provider_ref",
  "payments.status",
  "payments.created_at",
  "payments.paid_at",
  "payments.cancelled_at",
  "payments.confirmed_by",
] as const;

/** One page of payments matching the filters, newest first, with the member's name and
 * e-mail (and who confirmed or cancelled it, when an admin did). */
export async function listPayments({ page = 1, ...filters }: PaymentFilters & { page?: number }) {
  const { total } = await filtered(filters)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const { pages: pageCount, page: current, offset } = pageWindow(total, page, PAYMENTS_PER_PAGE);
  const payments = await filtered(filters)
    .leftJoin("users as confirmer", "confirmer.id", "payments.confirmed_by")
    .select([...COLUMNS, "confirmer.name as confirmed_by_name"])
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(PAYMENTS_PER_PAGE)
    .offset(offset)
    .execute();
  return { payments, total: Number(total), page: current, pageCount };
}

/** A payment id from a URL or a form, or null when it cannot be one. */
export type Refusal = { ok: false; status: 400 | 404; message: string };

const NOT_FOUND: Refusal = { ok: false, status: 404, message: "Not found" };

function refusalFor(payment: Pick<Payment, "provider" | "status" | "reference">): Refusal | null {
  if (payment.provider !== "bank_transfer") {
    return {
      ok: false,
      status: 400,
      message: "This is a card payment: the card payment service confirms or cancels it, not an admin.",
    };
  }
  switch (payment.status) {
    case "pending":
      return null;
    case "paid":
      return { ok: false, status: 400, message: `Order ${payment.reference} is already paid.` };
    case "cancelled":
      return { ok: false, status: 400, message: `Order ${payment.reference} is cancelled; it can no longer be paid or cancelled.` };
    case "failed":
      return { ok: false, status: 400, message: `Order ${payment.reference} failed; it can no longer be paid or cancelled.` };
  }
}

/** A bank transfer order still waiting for its money, with its member, or why not. */
export async function awaitingBankTransfer(id: number) {
  const payment = await filtered({}).select(COLUMNS).where("payments.id", "=", id).executeTakeFirst();
  if (!payment) return NOT_FOUND;
  const refusal = refusalFor(payment);
  if (refusal) return refusal;
  return { ok: true as const, payment, membership: await currentMembership(payment.member_id) };
}

/**
 * An admin saw the money arrive: the order is paid and what it bought starts (a membership
 * starts today, or the day after the member's paid time ends). Only a pending bank transfer
 * can be confirmed, and only once: the update is conditional, so a double click or two
 * admins at once confirm it once.
 */
export async function confirmBankTransfer(paymentId: number, adminId: number) {
  const payment = await findPayment({ id: paymentId });
  if (!payment) return NOT_FOUND;
  if (payment.provider !== "bank_transfer") return refusalFor(payment)!;
  const paid = await settlePayment(payment.id, "paid", adminId);
  if (!paid) {
    // Already settled (by a double click, another admin …): refused. Fulfilling is
    // idempotent, so for a paid order this only finishes a confirmation that stopped
    // half-way (paid, membership not recorded), and otherwise changes nothing.
    const now = (await findPayment({ id: paymentId }))!;
    if (now.status === "paid") await fulfilPayment(now);
    return refusalFor(now) ?? NOT_FOUND;
  }
  await fulfilPayment(paid);
  let message = `Order ${paid.reference} is marked paid.`;
  if (paid.purpose === "membership") {
    const membership = await currentMembership(paid.member_id);
    if (membership) message += ` The ${packageLabel(paid.item)} membership is paid until ${formatDate(membership.coveredUntil)}.`;
  }
  return { ok: true as const, payment: paid, message };
}

/** The member will not pay this order (or paid another way): it is cancelled, for good. */
export async function cancelBankTransfer(paymentId: number, adminId: number) {
  const payment = await findPayment({ id: paymentId });
  if (!payment) return NOT_FOUND;
  if (payment.provider !== "bank_transfer") return refusalFor(payment)!;
  const cancelled = await settlePayment(payment.id, "cancelled", adminId);
  if (!cancelled) return refusalFor((await findPayment({ id: paymentId }))!) ?? NOT_FOUND;
  await releasePayment(cancelled);
  return { ok: true as const, payment: cancelled, message: `Order ${cancelled.reference} is cancelled.` };
}

// --- CSV export -------------------------------------------------------------------------

export const CSV_HEADER = [
  "reference",
  "created_at",
  "paid_at",
  "cancelled_at",
  "status",
  "provider",
  "member_name",
  "member_email",
  "purpose",
  "item",
  "period",
  "amount",
  "currency",
  "provider_ref",
];

/**
 * One CSV field (RFC 4180). A spreadsheet would run text starting with = + - @ (or a tab or
 * carriage return) as a formula, and a member chooses their own name: such a cell gets a
 * leading apostrophe, so it is shown as text.
 */
export function csvField(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRecord(fields: Array<string | number | null | undefined>) {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/** 50000 → "500.00", without going through floating point. */
export function decimalAmount(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const CSV_BATCH = 500;

/** Every payment matching the filters, newest first, a batch at a time (keyset paging, so a
 * payment made during the export neither repeats nor skips a row). */
async function* paymentBatches(filters: PaymentFilters) {
  let last: { created_at: string; id: number } | null = null;
  for (;;) {
    let query = filtered(filters).select(COLUMNS).orderBy("payments.created_at", "desc").orderBy("payments.id", "desc").limit(CSV_BATCH);
    if (last) {
      const { created_at, id } = last;
      query = query.where((eb) =>
        eb.or([eb("payments.created_at", "<", created_at), eb.and([eb("payments.created_at", "=", created_at), eb("payments.id", "<", id)])]),
      );
    }
    const rows = await query.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < CSV_BATCH) return;
    last = rows[rows.length - 1];
  }
}

/** The payments matching the filters as a CSV file, streamed batch by batch. */
export function paymentsCsv(filters: PaymentFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = paymentBatches(filters);
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRecord(CSV_HEADER)));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      const text = next.value
        .map((row) =>
          csvRecord([
            row.reference,
            row.created_at,
            row.paid_at,
            row.cancelled_at,
            row.status,
            row.provider,
            row.member_name,
            row.member_email,
            row.purpose,
            row.item,
            row.period,
            decimalAmount(row.amount_cents),
            row.currency,
            row.provider_ref,
          ]),
        )
        .join("");
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
