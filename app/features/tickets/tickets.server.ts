import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { notify } from "~/features/notifications/notifications.server";
import type { DB, TicketType } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { settlePayment } from "~/lib/payments/payments.server";
import { ticketTypeLabel } from "./labels";

export { ticketTypeLabel };

// Tickets: issuing within capacity, releasing seats, finding a ticket by its code, the
// member's tickets and check-in. A seat is held by a conditional UPDATE of the event's
// counter (… WHERE taken < capacity) in the same transaction as the ticket row, so capacity
// holds across connections, instances and both databases.

export const TICKET_TYPES: readonly TicketType[] = ["general", "vip"];

export function isTicketType(value: unknown): value is TicketType {
  return value === "general" || value === "vip";
}

// No 0/O or 1/I/L: the code is read aloud and typed at the door.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_GROUPS = 3;
const GROUP_LENGTH = 4;

/** A new ticket code: 12 random characters in groups of four (about 59 bits), "K7QM-3XWP-9RTA". */
export function newTicketCode() {
  const chars: string[] = [];
  while (chars.length < CODE_GROUPS * GROUP_LENGTH) {
    // Rejection sampling keeps every character equally likely.
    for (const byte of crypto.randomBytes(16)) {
      if (byte < 256 - (256 % CODE_ALPHABET.length) && chars.length < CODE_GROUPS * GROUP_LENGTH) {
        chars.push(CODE_ALPHABET[byte % CODE_ALPHABET.length]);
      }
    }
  }
  const groups = [];
  for (let index = 0; index < CODE_GROUPS; index++) groups.push(chars.slice(index * GROUP_LENGTH, (index + 1) * GROUP_LENGTH).join(""));
  return groups.join("-");
}

/** A code as typed or scanned ("k7qm 3xwp 9rta", "K7QM3XWP9RTA") in its stored form, or null
 * when it cannot be one. */
export function normaliseTicketCode(input: unknown) {
  if (typeof input !== "string") return null;
  const plain = input.toUpperCase().replace(/[\s-]/g, "");
  if (plain.length !== CODE_GROUPS * GROUP_LENGTH || [...plain].some((char) => !CODE_ALPHABET.includes(char))) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8, 12)}`;
}

export type TicketEvent = Awaited<ReturnType<typeof findEvent>> & {};

/** An event, with what tickets need of it (null when there is none). */
export async function findEvent(eventId: number) {
  if (!Number.isSafeInteger(eventId) || eventId < 1) return null;
  return (
    (await db
      .selectFrom("events")
      .select([
        "id",
        "owner_id",
        "title",
        "starts_at",
        "ends_at",
        "ends_at_utc",
        "time_zone",
        "venue",
        "city",
        "country",
        "currency",
        "general_amount_cents",
        "vip_amount_cents",
        "general_capacity",
        "vip_capacity",
        "general_taken",
        "vip_taken",
      ])
      .where("id", "=", eventId)
      .executeTakeFirst()) ?? null
  );
}

/** The price of a type (0 when it is free), or null when the event does not offer it. */
export function typePrice(event: NonNullable<TicketEvent>, type: TicketType) {
  const capacity = type === "vip" ? event.vip_capacity : event.general_capacity;
  if (capacity === null) return null;
  return (type === "vip" ? event.vip_amount_cents : event.general_amount_cents) ?? 0;
}

export function seatsLeft(event: NonNullable<TicketEvent>, type: TicketType) {
  const capacity = type === "vip" ? event.vip_capacity : event.general_capacity;
  const taken = type === "vip" ? event.vip_taken : event.general_taken;
  return capacity === null ? 0 : Math.max(0, capacity - taken);
}

type Executor = Kysely<DB> | Transaction<DB>;

/** Takes one seat of a type if one is left; false when sold out (or not offered). */
async function holdSeat(trx: Executor, eventId: number, type: TicketType) {
  const result =
    type === "vip"
      ? await trx
          .updateTable("events")
          .set((eb) => ({ vip_taken: eb("vip_taken", "+", 1) }))
          .where("id", "=", eventId)
          .where("vip_capacity", "is not", null)
          .where((eb) => eb("vip_taken", "<", eb.ref("vip_capacity")))
          .executeTakeFirst()
      : await trx
          .updateTable("events")
          .set((eb) => ({ general_taken: eb("general_taken", "+", 1) }))
          .where("id", "=", eventId)
          .where("general_capacity", "is not", null)
          .where((eb) => eb("general_taken", "<", eb.ref("general_capacity")))
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function releaseSeat(trx: Executor, eventId: number, type: TicketType) {
  if (type === "vip") {
    await trx
      .updateTable("events")
      .set((eb) => ({ vip_taken: eb("vip_taken", "-", 1) }))
      .where("id", "=", eventId)
      .where("vip_taken", ">", 0)
      .execute();
  } else {
    await trx
      .updateTable("events")
      .set((eb) => ({ general_taken: eb("general_taken", "-", 1) }))
      .where("id", "=", eventId)
      .where("general_taken", ">", 0)
      .execute();
  }
}

export const EVENT_OVER = "This event is over: its tickets can no longer be had.";

/** True once the event has ended: the events list's own rule (its UTC end, or for older rows
 * its wall-clock end read as UTC, before this minute). */
export function eventIsOver(event: { ends_at: string; ends_at_utc: string | null }, now = new Date()) {
  return (event.ends_at_utc ?? event.ends_at) < now.toISOString().slice(0, 16);
}

export const SOLD_OUT = "Sold out: there are no tickets of this type left.";
export const NOT_OFFERED = "This event does not offer tickets of this type.";

export type NewTicket = {
  eventId: number;
  type: TicketType;
  /** A member's own ticket … */
  holderId?: number | null;
  /** … or one sent to a contact. */
  contactId?: number | null;
  holderName?: string | null;
  holderEmail?: string | null;
  issuedBy: number | null;
  amountCents: number;
  /** pending: a paid ticket waiting for its payment (the seat is held meanwhile). */
  status: "pending" | "issued";
};

export type IssueResult =
  { ok: true; ticket: { id: number; code: string; status: "pending" | "issued" } } | { ok: false; reason: "sold_out" | "duplicate"; message: string };

function isUniqueViolation(error: unknown) {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : "";
  return /23505|SQLITE_CONSTRAINT_UNIQUE|UNIQUE constraint failed|duplicate key/i.test(text);
}

/** Holds a seat and writes the ticket, in one transaction: both or neither. */
export async function issueTicket(input: NewTicket): Promise<IssueResult> {
  const now = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await holdSeat(trx, input.eventId, input.type))) {
        return { ok: false as const, reason: "sold_out" as const, message: SOLD_OUT };
      }
      // A code collision (one in 2^59) would fail the unique index: one more try.
      for (let attempt = 0; ; attempt++) {
        const code = newTicketCode();
        const clash = await trx.selectFrom("tickets").select("id").where("code", "=", code).executeTakeFirst();
        if (clash && attempt < 3) continue;
        const { id } = await trx
          .insertInto("tickets")
          .values({
            event_id: input.eventId,
            ticket_type: input.type,
            code,
            holder_id: input.holderId ?? null,
            contact_id: input.contactId ?? null,
            holder_name: input.holderName ?? null,
            holder_email: input.holderEmail ?? null,
            issued_by: input.issuedBy,
            payment_id: null,
            amount_cents: input.amountCents,
            status: input.status,
            checked_in_at: null,
            created_at: now,
            issued_at: input.status === "issued" ? now : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { ok: true as const, ticket: { id, code, status: input.status } };
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, reason: "duplicate", message: `You already have a ${ticketTypeLabel(input.type)} ticket for this event.` };
    }
    throw error;
  }
}

/** Cancels a ticket that is not cancelled yet and gives its seat back (once, however many
 * callers race). */
export async function cancelTicket(ticketId: number) {
  return db.transaction().execute(async (trx) => {
    const ticket = await trx.selectFrom("tickets").select(["id", "event_id", "ticket_type"]).where("id", "=", ticketId).executeTakeFirst();
    if (!ticket) return false;
    const result = await trx
      .updateTable("tickets")
      .set({ status: "cancelled" })
      .where("id", "=", ticketId)
      .where("status", "!=", "cancelled")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await releaseSeat(trx, ticket.event_id, ticket.ticket_type);
    return true;
  });
}

export async function linkPayment(ticketId: number, paymentId: number) {
  await db.updateTable("tickets").set({ payment_id: paymentId }).where("id", "=", ticketId).execute();
}

/** A confirmed payment: its pending ticket is issued. Idempotent (a replayed webhook changes
 * nothing). A ticket cancelled meanwhile gets a seat again if one is left. */
export async function fulfilTicketPayment(paymentId: number) {
  const ticket = await ticketQuery().where("tickets.payment_id", "=", paymentId).executeTakeFirst();
  if (!ticket || ticket.status === "issued") return;
  const now = nowIso();
  const issued = await db
    .transaction()
    .execute(async (trx) => {
      if (ticket.status === "cancelled" && !(await holdSeat(trx, ticket.event_id, ticket.ticket_type))) {
        console.error(`Ticket ${ticket.id} was paid (payment ${paymentId}) after its seat was released, and the event is sold out.`);
        return false;
      }
      const result = await trx
        .updateTable("tickets")
        .set({ status: "issued", issued_at: now })
        .where("id", "=", ticket.id)
        .where("status", "=", ticket.status)
        .executeTakeFirst();
      // Issued meanwhile by a concurrent confirmation: roll back (a seat taken above is given back).
      if (Number(result.numUpdatedRows) !== 1) throw new AlreadyIssued();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyIssued) return false;
      throw error;
    });
  if (issued && ticket.holder_id !== null) {
    const what = `Your ${ticketTypeLabel(ticket.ticket_type)} ticket for ${ticket.event_title}`;
    await notify({
      memberId: ticket.holder_id,
      kind: "ticket_issued",
      message: `${what} is paid and issued.`,
      linkPath: `/user/tickets/${ticket.code}`,
      email: {
        subject: `Your ticket: ${ticket.event_title}`,
        text: `${what} is paid and issued. Code: ${ticket.code}\n\nShow it (or its QR code, on the ticket's page in Chapter: My tickets) at the door.`,
      },
    });
  }
}

class AlreadyIssued extends Error {}

/**
 * Bank transfer orders for tickets that waited longer than TICKET_HOLD_DAYS are cancelled and
 * their seats released (card payments expire at Stripe, whose webhook does the same). Run
 * hourly by every instance: settling is conditional, so each order is cancelled once.
 */
export async function expireUnpaidTickets(now = new Date()) {
  const cutoff = new Date(now.getTime() - env().TICKET_HOLD_DAYS * 86_400_000).toISOString();
  const stale = await db
    .selectFrom("payments")
    .select("id")
    .where("purpose", "=", "ticket")
    .where("provider", "=", "bank_transfer")
    .where("status", "=", "pending")
    .where("created_at", "<", cutoff)
    .limit(500)
    .execute();
  let expired = 0;
  for (const { id } of stale) {
    if (await settlePayment(id, "cancelled")) expired += 1;
    await releaseTicketPayment(id);
  }
  return expired;
}

/** The ticket an order pays for (its holder sees it on the order page). */
export async function ticketOfPayment(paymentId: number) {
  return (await db.selectFrom("tickets").select(["code", "status"]).where("payment_id", "=", paymentId).executeTakeFirst()) ?? null;
}

/** A payment that will not be paid (cancelled, failed, expired): its ticket is cancelled and
 * the seat released. */
export async function releaseTicketPayment(paymentId: number) {
  const ticket = await db.selectFrom("tickets").select(["id", "status"]).where("payment_id", "=", paymentId).executeTakeFirst();
  if (ticket && ticket.status === "pending") await cancelTicket(ticket.id);
}

const TICKET_COLUMNS = [
  "tickets.id",
  "tickets.code",
  "tickets.ticket_type",
  "tickets.status",
  "tickets.amount_cents",
  "tickets.holder_id",
  "tickets.contact_id",
  "tickets.holder_name",
  "tickets.holder_email",
  "tickets.checked_in_at",
  "tickets.created_at",
  "tickets.issued_at",
  "tickets.payment_id",
  "events.id as event_id",
  "events.owner_id as organiser_id",
  "events.title as event_title",
  "events.starts_at",
  "events.ends_at",
  "events.time_zone",
  "events.venue",
  "events.city",
  "events.country",
  "events.currency",
] as const;

function ticketQuery() {
  return db
    .selectFrom("tickets")
    .innerJoin("events", "events.id", "tickets.event_id")
    .leftJoin("users as holder", "holder.id", "tickets.holder_id")
    .leftJoin("users as organiser", "organiser.id", "events.owner_id")
    .leftJoin("payments", "payments.id", "tickets.payment_id")
    .select([...TICKET_COLUMNS, "holder.name as member_name", "organiser.name as organiser_name", "payments.reference as payment_reference"]);
}

export type TicketView = NonNullable<Awaited<ReturnType<typeof findTicketByCode>>>;

export async function findTicketByCode(code: unknown) {
  const normalised = normaliseTicketCode(code);
  if (!normalised) return null;
  return (await ticketQuery().where("tickets.code", "=", normalised).executeTakeFirst()) ?? null;
}

/** A ticket its holder or the event's organiser may see; null for anyone else. */
export async function visibleTicket(memberId: number, code: unknown) {
  const ticket = await findTicketByCode(code);
  if (!ticket || (ticket.holder_id !== memberId && ticket.organiser_id !== memberId)) return null;
  return ticket;
}

/** The member's own tickets, the soonest event first (cancelled ones last). */
export async function listMemberTickets(memberId: number) {
  return ticketQuery()
    .where("tickets.holder_id", "=", memberId)
    .orderBy((eb) => eb.case().when("tickets.status", "=", "cancelled").then(1).else(0).end())
    .orderBy("events.starts_at")
    .orderBy("tickets.id")
    .limit(200)
    .execute();
}

/** The member's live ticket of a type for an event (pending or issued), if any. */
export async function liveTicketOf(memberId: number, eventId: number, type: TicketType) {
  return (
    (await db
      .selectFrom("tickets")
      .leftJoin("payments", "payments.id", "tickets.payment_id")
      .select(["tickets.id", "tickets.code", "tickets.status", "payments.reference as payment_reference"])
      .where("tickets.holder_id", "=", memberId)
      .where("tickets.event_id", "=", eventId)
      .where("tickets.ticket_type", "=", type)
      .where("tickets.status", "!=", "cancelled")
      .executeTakeFirst()) ?? null
  );
}

export type CheckInResult =
  | { outcome: "valid"; code: string; type: TicketType; holder: string; checkedInAt: string }
  | { outcome: "used"; code: string; type: TicketType; holder: string; checkedInAt: string }
  | { outcome: "other_event"; code: string }
  | { outcome: "not_issued"; code: string; status: string }
  | { outcome: "unknown"; code: string };

export function holderLabel(ticket: { member_name: string | null; holder_name: string | null; holder_email: string | null }) {
  return ticket.member_name ?? ticket.holder_name ?? ticket.holder_email ?? "—";
}

/** The organiser checks a code in at the door: valid (now checked in), already used (when),
 * not for this event, or unknown. The update is conditional, so a code scanned at two doors at
 * once is let in once. */
export async function checkIn(eventId: number, input: string): Promise<CheckInResult> {
  const code = normaliseTicketCode(input);
  const ticket = code ? await findTicketByCode(code) : null;
  if (!code || !ticket) return { outcome: "unknown", code: input.trim().slice(0, 40) };
  if (ticket.event_id !== eventId) return { outcome: "other_event", code };
  if (ticket.status !== "issued") return { outcome: "not_issued", code, status: ticket.status };
  const holder = holderLabel(ticket);
  const now = nowIso();
  const result = await db.updateTable("tickets").set({ checked_in_at: now }).where("id", "=", ticket.id).where("checked_in_at", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { outcome: "valid", code, type: ticket.ticket_type, holder, checkedInAt: now };
  const current = await db.selectFrom("tickets").select("checked_in_at").where("id", "=", ticket.id).executeTakeFirstOrThrow();
  return { outcome: "used", code, type: ticket.ticket_type, holder, checkedInAt: current.checked_in_at ?? now };
}

/** The organiser's event, or null (also when it is another member's). */
export async function organisedEvent(memberId: number, eventId: number) {
  const event = await findEvent(eventId);
  return event && event.owner_id === memberId ? event : null;
}

/** Counts for the check-in page: issued tickets and how many came in. */
export async function checkInCounts(eventId: number) {
  const row = await db
    .selectFrom("tickets")
    .select((eb) => [eb.fn.countAll<number>().as("issued"), eb.fn.count<number>("checked_in_at").as("checkedIn")])
    .where("event_id", "=", eventId)
    .where("status", "=", "issued")
    .executeTakeFirstOrThrow();
  return { issued: Number(row.issued), checkedIn: Number(row.checkedIn) };
}

/** The member's own events still to come (or running), for the send-ticket select. */
export async function eventsOrganisedBy(memberId: number) {
  return (
    db
      .selectFrom("events")
      .select([
        "id",
        "title",
        "starts_at",
        "time_zone",
        "currency",
        "general_amount_cents",
        "vip_amount_cents",
        "general_capacity",
        "vip_capacity",
        "general_taken",
        "vip_taken",
      ])
      .where("owner_id", "=", memberId)
      // Events saved before their UTC instants existed compare by wall-clock time instead.
      .where((eb) => eb(eb.fn.coalesce("ends_at_utc", "ends_at"), ">=", nowIso().slice(0, 16)))
      .orderBy("starts_at")
      .limit(200)
      .execute()
  );
}

/** The tickets of the organiser's event, for the organiser's list (newest first). */
export async function listEventTickets(eventId: number) {
  return ticketQuery().where("tickets.event_id", "=", eventId).orderBy("tickets.id", "desc").limit(1000).execute();
}

/** One ticket of the organiser's event (null when it is not one of theirs). */
export async function organisedTicket(organiserId: number, eventId: number, ticketId: number) {
  const ticket = await ticketQuery().where("tickets.id", "=", ticketId).where("tickets.event_id", "=", eventId).executeTakeFirst();
  return ticket && ticket.organiser_id === organiserId ? ticket : null;
}

/**
 * The organiser cancels a ticket: its seat is freed; an order still waiting for its payment
 * is cancelled too (nothing was paid); a paid ticket is the organiser's to refund. The holder,
 * when a member, is told.
 */
export async function cancelTicketByOrganiser(organiser: { id: number; name: string }, ticket: TicketView) {
  if (ticket.status === "cancelled") return { ok: false as const, message: "This ticket is already cancelled." };
  if (ticket.status === "pending" && ticket.payment_id !== null) {
    await settlePayment(ticket.payment_id, "cancelled", organiser.id);
  }
  if (!(await cancelTicket(ticket.id))) return { ok: false as const, message: "This ticket is already cancelled." };
  const paid = ticket.status === "issued" && ticket.payment_id !== null;
  if (ticket.holder_id !== null && ticket.holder_id !== organiser.id) {
    await notify({
      memberId: ticket.holder_id,
      kind: "ticket_cancelled",
      message: `${organiser.name} cancelled your ${ticketTypeLabel(ticket.ticket_type)} ticket for ${ticket.event_title}.${paid ? " The organiser refunds what you paid." : ""}`,
      linkPath: `/user/tickets/${ticket.code}`,
      actorId: organiser.id,
    });
  }
  return {
    ok: true as const,
    message: `The ${ticketTypeLabel(ticket.ticket_type)} ticket ${ticket.code} of ${holderLabel(ticket)} is cancelled; its seat is free again.${paid ? " Refund its payment to the holder." : ""}`,
  };
}
