import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { type NewNotification, addNotification, mailNotification } from "~/features/notifications/notifications.server";
import { db, nowIso } from "~/lib/db.server";
import type { ConnectionAction, ConnectionStatus, DB } from "~/lib/db-schema";
import { formatMoney } from "~/lib/format";
import { type Side, connectionPath, formatRate, formatTerm, otherSide, sectorLabel } from "./constants";
import { type EntrepreneurEntry, type InvestorEntry, findEntrepreneur, findInvestor, getEntrepreneur, getInvestor } from "./entries.server";

/** The terms of a connection as both members read them: the two entries, field by field. This
 * exact text is what a member agrees to, stored with its hash in the deal trail. */
export function termsText(entrepreneur: EntrepreneurEntry, investor: InvestorEntry) {
  const money = (cents: number, currency: string) => formatMoney(cents, currency);
  return [
    `Entrepreneur: ${entrepreneur.owner_name}, for ${entrepreneur.business_name}`,
    `Sector: ${sectorLabel(entrepreneur.sector)}`,
    `Amount sought: ${money(entrepreneur.amount_cents, entrepreneur.currency)}`,
    `Purpose: ${entrepreneur.purpose}`,
    `Term: ${formatTerm(entrepreneur.term_months)}`,
    `Rate offered: ${formatRate(entrepreneur.rate_bp)} a year`,
    `Country: ${entrepreneur.countryName}`,
    "",
    `Investor: ${investor.owner_name}`,
    `Amount available: ${money(investor.amount_cents, investor.currency)}`,
    `Tickets: ${money(investor.min_ticket_cents, investor.currency)} to ${money(investor.max_ticket_cents, investor.currency)}`,
    `Sectors: ${investor.sectorList.map(sectorLabel).join(", ")}`,
    `Term: ${formatTerm(investor.term_months)}`,
    `Rate expected: ${formatRate(investor.rate_bp)} a year`,
    `Countries: ${investor.countryList.length ? investor.countryList.join(", ") : "Any country"}`,
  ].join("\n");
}

export function termsHash(text: string) {
  return crypto.createHash("sha256").update(text, "utf8").digest("hex");
}

/** Where the entrepreneur's entry and the investor's do not match (the term, the rate, the
 * amount against the tickets, the currency, the sector, the country): said before a member
 * agrees, so that nobody agrees to 24 months at 9.5 % against 36 at 12 % without a word. */
export function termsDifferences(entrepreneur: EntrepreneurEntry, investor: InvestorEntry): string[] {
  const differences: string[] = [];
  if (entrepreneur.term_months !== investor.term_months) {
    differences.push(`Term: ${formatTerm(entrepreneur.term_months)} asked for, ${formatTerm(investor.term_months)} offered.`);
  }
  if (entrepreneur.rate_bp !== investor.rate_bp) {
    differences.push(`Rate: ${formatRate(entrepreneur.rate_bp)} a year offered, ${formatRate(investor.rate_bp)} a year expected.`);
  }
  if (entrepreneur.currency !== investor.currency) {
    differences.push(`Currency: the amount sought is in ${entrepreneur.currency}, the investor lends in ${investor.currency}.`);
  } else if (entrepreneur.amount_cents < investor.min_ticket_cents || entrepreneur.amount_cents > investor.max_ticket_cents) {
    const money = (cents: number) => formatMoney(cents, investor.currency);
    differences.push(
      `Amount: ${money(entrepreneur.amount_cents)} sought, tickets from ${money(investor.min_ticket_cents)} to ${money(investor.max_ticket_cents)}.`,
    );
  }
  if (!investor.sectorList.includes(entrepreneur.sector)) {
    differences.push(`Sector: ${sectorLabel(entrepreneur.sector)} is not among the investor's sectors.`);
  }
  if (investor.countryCodes.length > 0 && !investor.countryCodes.includes(entrepreneur.country)) {
    differences.push(`Country: ${entrepreneur.countryName} is not among the investor's countries.`);
  }
  return differences;
}

/** `differences` are shown beside the text, not part of what is hashed and kept. */
export type Terms = { text: string; hash: string; differences?: string[] };

function termsOf(entrepreneur: EntrepreneurEntry, investor: InvestorEntry): Terms {
  const text = termsText(entrepreneur, investor);
  return { text, hash: termsHash(text), differences: termsDifferences(entrepreneur, investor) };
}

/** The two entries a member's connect names: the member's own entry of `side` and the other
 * side's entry (someone else's); null when either is not there. */
async function pairOf(executor: Kysely<DB>, memberId: number, side: Side, ownEntryId: number, otherEntryId: number) {
  const entrepreneurId = side === "entrepreneur" ? ownEntryId : otherEntryId;
  const investorId = side === "entrepreneur" ? otherEntryId : ownEntryId;
  const entrepreneur = await getEntrepreneur(entrepreneurId, executor);
  const investor = await getInvestor(investorId, executor);
  if (!entrepreneur || !investor) return null;
  const own = side === "entrepreneur" ? entrepreneur : investor;
  const other = side === "entrepreneur" ? investor : entrepreneur;
  if (own.member_id !== memberId || other.member_id === memberId) return null;
  return { entrepreneur, investor };
}

/** The terms the connect dialog shows for the member's own entry and the other side's entry:
 * what the member agrees to by connecting (null when the pair cannot connect). */
export async function connectTerms(memberId: number, side: Side, ownEntryId: number, otherEntryId: number) {
  const pair = await pairOf(db, memberId, side, ownEntryId, otherEntryId);
  return pair ? termsOf(pair.entrepreneur, pair.investor) : null;
}

/** The connection between the member's own entry and the other side's entry, if any (the
 * connect dialog then reads Update, with its message). */
export async function existingConnection(memberId: number, side: Side, ownEntryId: number, otherEntryId: number) {
  const entrepreneurId = side === "entrepreneur" ? ownEntryId : otherEntryId;
  const investorId = side === "entrepreneur" ? otherEntryId : ownEntryId;
  const column = side === "entrepreneur" ? "entrepreneur_member_id" : "investor_member_id";
  return (
    (await db
      .selectFrom("proposal_connections")
      .select(["id", "message", "status"])
      .where("entrepreneur_id", "=", entrepreneurId)
      .where("investor_id", "=", investorId)
      .where(column, "=", memberId)
      .executeTakeFirst()) ?? null
  );
}

async function record(
  executor: Kysely<DB>,
  connectionId: number,
  memberId: number | null,
  action: ConnectionAction,
  { message = null, terms = null }: { message?: string | null; terms?: Terms | null } = {},
) {
  await executor
    .insertInto("connection_events")
    .values({
      connection_id: connectionId,
      member_id: memberId,
      action,
      message,
      terms_text: terms?.text ?? null,
      terms_hash: terms?.hash ?? null,
      created_at: nowIso(),
    })
    .execute();
}

function isUniqueViolation(error: unknown) {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : "";
  return /23505|SQLITE_CONSTRAINT_UNIQUE|UNIQUE constraint failed|duplicate key/i.test(text);
}

/** Each notification's row inside the transaction; its e-mail once committed (`mailNotifications`). */
async function tell(executor: Kysely<DB>, notifications: NewNotification[]) {
  for (const notification of notifications) await addNotification(executor, notification);
  return notifications;
}

export async function mailNotifications(notifications: NewNotification[]) {
  for (const notification of notifications) await mailNotification(notification);
}

export type ConnectResult =
  | { ok: true; connectionId: number; updated: boolean }
  | { ok: false; reason: "not_found" | "closed" }
  /** The terms the member was shown (`shownHash`) are not the terms as they stand: nothing is
   * saved, and the member reads these and sends again. */
  | { ok: false; reason: "terms_changed"; terms: Terms };

/**
 * The member connects their own entry (of `side`) with another member's entry of the other
 * side, with a message, having agreed to the terms shown (`shownHash`, the SHA-256 of the terms
 * text the dialog showed): a new connection, or the existing one updated (its message replaced
 * and its answer asked again). Refused when the terms are no longer those shown. The change,
 * its trail step (the terms text with its hash) and the other member's notification are one
 * transaction; the e-mail goes once it has committed.
 */
export async function connect(
  member: { id: number; name: string },
  side: Side,
  ownEntryId: number,
  otherEntryId: number,
  message: string,
  shownHash: string | null,
  retried = false,
): Promise<ConnectResult> {
  let outcome;
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const pair = await pairOf(trx, member.id, side, ownEntryId, otherEntryId);
      if (!pair) return { ok: false as const, reason: "not_found" as const };
      const { entrepreneur, investor } = pair;
      const terms = termsOf(entrepreneur, investor);
      if (terms.hash !== shownHash) return { ok: false as const, reason: "terms_changed" as const, terms };
      const now = nowIso();
      const existing = await trx
        .selectFrom("proposal_connections")
        .select(["id", "status"])
        .where("entrepreneur_id", "=", entrepreneur.id)
        .where("investor_id", "=", investor.id)
        .executeTakeFirst();
      let connectionId: number;
      if (existing) {
        if (existing.status === "closed") return { ok: false as const, reason: "closed" as const };
        await trx
          .updateTable("proposal_connections")
          .set({ message, status: "pending", initiator_side: side, updated_at: now })
          .where("id", "=", existing.id)
          .execute();
        connectionId = existing.id;
      } else {
        const row = await trx
          .insertInto("proposal_connections")
          .values({
            entrepreneur_id: entrepreneur.id,
            investor_id: investor.id,
            entrepreneur_member_id: entrepreneur.member_id,
            investor_member_id: investor.member_id,
            initiator_side: side,
            message,
            status: "pending",
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        connectionId = row.id;
      }
      await record(trx, connectionId, member.id, existing ? "update" : "connect", { message, terms });
      const recipientId = side === "entrepreneur" ? investor.member_id : entrepreneur.member_id;
      const about = side === "entrepreneur" ? `${entrepreneur.business_name}` : `their investor entry`;
      const notice = existing ? `${member.name} updated their proposal for ${about}.` : `${member.name} wants to connect on ${about}.`;
      const notifications = await tell(trx, [
        {
          memberId: recipientId,
          kind: "proposal_connection",
          message: notice,
          linkPath: connectionPath(connectionId),
          actorId: member.id,
          email: { subject: existing ? "A proposal was updated" : "A member wants to connect on a proposal", text: `${notice}\n\n${message}` },
        },
      ]);
      return { ok: true as const, connectionId, updated: Boolean(existing), notifications };
    });
  } catch (error) {
    // The same pair connected meanwhile (a double submit): that one is updated instead.
    if (!retried && isUniqueViolation(error)) return connect(member, side, ownEntryId, otherEntryId, message, shownHash, true);
    throw error;
  }
  if (!outcome.ok) return outcome;
  await mailNotifications(outcome.notifications);
  return { ok: true, connectionId: outcome.connectionId, updated: outcome.updated };
}

/** A connection the member is part of (either side), with both entries, or null. */
export async function getConnection(memberId: number, connectionId: number, executor: Kysely<DB> = db) {
  const row = await executor
    .selectFrom("proposal_connections")
    .selectAll()
    .where("id", "=", connectionId)
    .where((eb) => eb.or([eb("entrepreneur_member_id", "=", memberId), eb("investor_member_id", "=", memberId)]))
    .executeTakeFirst();
  if (!row) return null;
  const entrepreneur = await findEntrepreneur(row.entrepreneur_id, executor);
  const investor = await findInvestor(row.investor_id, executor);
  if (!entrepreneur || !investor) return null;
  const memberSide: Side = row.entrepreneur_member_id === memberId ? "entrepreneur" : "investor";
  return {
    ...row,
    entrepreneur,
    investor,
    memberSide,
    /** The member who is asked to answer: the one on the other side from the last sender. */
    isRecipient: row.status === "pending" && row.initiator_side !== memberSide,
    currentTerms: termsOf(entrepreneur, investor),
  };
}

export type Connection = NonNullable<Awaited<ReturnType<typeof getConnection>>>;

/** The deal trail: each step, oldest first, with who took it. */
export async function trailOf(connectionId: number) {
  return db
    .selectFrom("connection_events")
    .leftJoin("users", "users.id", "connection_events.member_id")
    .select([
      "connection_events.id",
      "connection_events.action",
      "connection_events.message",
      "connection_events.terms_text",
      "connection_events.terms_hash",
      "connection_events.created_at",
      "connection_events.member_id",
      "users.name as member_name",
    ])
    .where("connection_events.connection_id", "=", connectionId)
    .orderBy("connection_events.id")
    .execute();
}

export type Answer = "accept" | "decline";

export type AnswerResult = { ok: true; connection: Connection; status: ConnectionStatus } | { ok: false; status: 404 | 409; message: string; terms?: Terms };

const NOT_WAITING = "This connection is not waiting for your answer.";

/**
 * The recipient of a pending connection accepts or declines it; accepting agrees to the terms
 * shown (`shownHash`), refused when they are no longer the terms as they stand. The answer,
 * its trail step and the sender's notification are one transaction; the e-mail goes once it
 * has committed. A refusal says why.
 */
export async function answerConnection(
  member: { id: number; name: string },
  connectionId: number,
  answer: Answer,
  message: string | null,
  shownHash: string | null,
): Promise<AnswerResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    const connection = await getConnection(member.id, connectionId, trx);
    if (!connection) return { ok: false as const, status: 404 as const, message: "Not found" };
    if (!connection.isRecipient) return { ok: false as const, status: 409 as const, message: NOT_WAITING };
    const terms = connection.currentTerms;
    if (answer === "accept" && terms.hash !== shownHash) return { ok: false as const, status: 409 as const, message: TERMS_CHANGED, terms };
    const status: ConnectionStatus = answer === "accept" ? "accepted" : "declined";
    const result = await trx
      .updateTable("proposal_connections")
      .set({ status, updated_at: nowIso() })
      .where("id", "=", connectionId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return { ok: false as const, status: 409 as const, message: NOT_WAITING };
    await record(trx, connectionId, member.id, answer, { message, terms: answer === "accept" ? terms : null });
    const senderId = connection.memberSide === "entrepreneur" ? connection.investor_member_id : connection.entrepreneur_member_id;
    const text = `${member.name} ${answer === "accept" ? "accepted" : "declined"} your proposal for ${connection.entrepreneur.business_name}.`;
    const notifications = await tell(trx, [
      {
        memberId: senderId,
        kind: "proposal_connection",
        message: text,
        linkPath: connectionPath(connectionId),
        actorId: member.id,
        email: { subject: answer === "accept" ? "Your proposal was accepted" : "Your proposal was declined", text: message ? `${text}\n\n${message}` : text },
      },
    ]);
    return { ok: true as const, connection, status, notifications };
  });
  if (!outcome.ok) return outcome;
  await mailNotifications(outcome.notifications);
  return { ok: true, connection: outcome.connection, status: outcome.status };
}

/** Why an agreement is refused when the terms shown are not the terms as they stand. */
export const TERMS_CHANGED =
  "The terms have changed since they were shown to you (or were not shown): nothing is saved. Read them as they stand now, below, and send again.";

/** Inside the transaction deleting an entry: closes its open (pending or accepted)
 * connections, each with a step in its trail, and tells both members. Returns how many were
 * closed and the notifications, whose e-mails go once committed. */
export async function closeConnectionsOf(trx: Kysely<DB>, side: Side, entryId: number, deletedBy: number) {
  const column = side === "entrepreneur" ? "entrepreneur_id" : "investor_id";
  const open = await trx
    .selectFrom("proposal_connections")
    .select(["id", "entrepreneur_id", "entrepreneur_member_id", "investor_member_id"])
    .where(column, "=", entryId)
    .where("status", "in", ["pending", "accepted"])
    .execute();
  if (!open.length) return { closed: 0, notifications: [] };
  const deleter = await trx.selectFrom("users").select("name").where("id", "=", deletedBy).executeTakeFirst();
  const entrepreneur = await findEntrepreneur(open[0].entrepreneur_id, trx);
  const notifications: NewNotification[] = [];
  for (const connection of open) {
    await trx.updateTable("proposal_connections").set({ status: "closed", updated_at: nowIso() }).where("id", "=", connection.id).execute();
    const what = side === "entrepreneur" ? `the entrepreneur entry ${entrepreneur?.business_name ?? ""}`.trim() : "their investor entry";
    const message = `${deleter?.name ?? "A member"} deleted ${what}: the connection is closed.`;
    await record(trx, connection.id, deletedBy, "close", { message });
    const other = connection.entrepreneur_member_id === deletedBy ? connection.investor_member_id : connection.entrepreneur_member_id;
    notifications.push(
      {
        memberId: other,
        kind: "proposal_connection",
        message,
        linkPath: connectionPath(connection.id),
        actorId: deletedBy,
        email: { subject: "A proposal connection was closed", text: message },
      },
      {
        memberId: deletedBy,
        kind: "proposal_connection",
        message: `You closed a connection by deleting ${side === "entrepreneur" ? "your entrepreneur entry" : "your investor entry"}.`,
        linkPath: connectionPath(connection.id),
      },
    );
  }
  return { closed: open.length, notifications: await tell(trx, notifications) };
}

/** The member's connections, incoming (waiting for their answer or answered by them) and
 * sent, newest activity first. */
export async function listConnections(memberId: number) {
  const rows = await db
    .selectFrom("proposal_connections")
    .innerJoin("entrepreneur_entries", "entrepreneur_entries.id", "proposal_connections.entrepreneur_id")
    .innerJoin("users as entrepreneur", "entrepreneur.id", "proposal_connections.entrepreneur_member_id")
    .innerJoin("users as investor", "investor.id", "proposal_connections.investor_member_id")
    .select([
      "proposal_connections.id",
      "proposal_connections.status",
      "proposal_connections.message",
      "proposal_connections.initiator_side",
      "proposal_connections.entrepreneur_member_id",
      "proposal_connections.updated_at",
      "entrepreneur_entries.business_name",
      "entrepreneur.name as entrepreneur_name",
      "investor.name as investor_name",
    ])
    .where((eb) => eb.or([eb("proposal_connections.entrepreneur_member_id", "=", memberId), eb("proposal_connections.investor_member_id", "=", memberId)]))
    .orderBy("proposal_connections.updated_at", "desc")
    .orderBy("proposal_connections.id", "desc")
    .execute();
  return rows.map(({ entrepreneur_member_id, initiator_side, entrepreneur_name, investor_name, ...row }) => {
    const memberSide: Side = entrepreneur_member_id === memberId ? "entrepreneur" : "investor";
    return {
      ...row,
      memberSide,
      incoming: initiator_side !== memberSide,
      otherName: memberSide === "entrepreneur" ? investor_name : entrepreneur_name,
      waitingForMe: row.status === "pending" && initiator_side === otherSide(memberSide),
    };
  });
}

/** Whether the member is the counterpart of an open connection on this entrepreneur entry. */
export async function isCounterpartOf(memberId: number, entrepreneurId: number) {
  const row = await db
    .selectFrom("proposal_connections")
    .select("id")
    .where("entrepreneur_id", "=", entrepreneurId)
    .where("investor_member_id", "=", memberId)
    .where("status", "in", ["pending", "accepted"])
    .executeTakeFirst();
  return Boolean(row);
}

/** The member's connections on an entry of the other side (the loan view links to them). */
export async function connectionsOnEntry(memberId: number, side: Side, entryId: number) {
  const entryColumn = side === "entrepreneur" ? "entrepreneur_id" : "investor_id";
  return db
    .selectFrom("proposal_connections")
    .select(["id", "status"])
    .where(entryColumn, "=", entryId)
    .where((eb) => eb.or([eb("entrepreneur_member_id", "=", memberId), eb("investor_member_id", "=", memberId)]))
    .orderBy("id")
    .execute();
}

/** How many pending or accepted connections an entry has (deleting it closes them). */
export async function openConnectionCount(side: Side, entryId: number) {
  const entryColumn = side === "entrepreneur" ? "entrepreneur_id" : "investor_id";
  const row = await db
    .selectFrom("proposal_connections")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(entryColumn, "=", entryId)
    .where("status", "in", ["pending", "accepted"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
