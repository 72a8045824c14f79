import { notify } from "~/features/notifications/notifications.server";
import type { OneToOneStatus } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { formatDate } from "~/lib/format";
import { memberToReferTo, type Person } from "./referrals.server";
import type { OneToOneInput } from "./schema";

export function oneToOnePath(id: number) {
  return `/user/one-to-ones/${id}`;
}

const SETTINGS_LINE = (origin: string) => `\n\nYou can turn these e-mails off in your settings: ${origin}/user/settings/notifications\n`;

export type ProposeOutcome = { ok: true; id: number; partnerName: string } | { ok: false; field: "partner_id"; message: string };

/** Records that the member met another; the other is asked to confirm it. */
export async function proposeOneToOne(proposer: Person, input: OneToOneInput, origin: string): Promise<ProposeOutcome> {
  const partner = await memberToReferTo(proposer.id, input.partner_id);
  if (!partner) return { ok: false, field: "partner_id", message: "Choose the member you met." };
  const now = nowIso();
  const { id } = await db
    .insertInto("one_to_ones")
    .values({
      proposer_id: proposer.id,
      partner_id: partner.id,
      met_on: input.met_on,
      place: input.place,
      status: "proposed",
      proposer_note: input.note,
      partner_note: null,
      confirmed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const message = `${proposer.name} recorded a one-to-one with you on ${formatDate(input.met_on)}: confirm it if you met.`;
  await notify({
    memberId: partner.id,
    kind: "one_to_one_proposed",
    message,
    linkPath: oneToOnePath(id),
    actorId: proposer.id,
    email: { subject: `A one-to-one with ${proposer.name}`, text: `${message}\n\n${origin}${oneToOnePath(id)}${SETTINGS_LINE(origin)}` },
  });
  return { ok: true, id, partnerName: partner.name };
}

/** The member's one-to-ones, those waiting for their answer first, then the latest met. */
export async function listOneToOnes(memberId: number) {
  const rows = await db
    .selectFrom("one_to_ones")
    .innerJoin("users as proposer", "proposer.id", "one_to_ones.proposer_id")
    .innerJoin("users as partner", "partner.id", "one_to_ones.partner_id")
    .select([
      "one_to_ones.id",
      "one_to_ones.proposer_id",
      "one_to_ones.met_on",
      "one_to_ones.place",
      "one_to_ones.status",
      "proposer.name as proposer_name",
      "partner.name as partner_name",
    ])
    .where((eb) => eb.or([eb("one_to_ones.proposer_id", "=", memberId), eb("one_to_ones.partner_id", "=", memberId)]))
    .orderBy("one_to_ones.met_on", "desc")
    .orderBy("one_to_ones.id", "desc")
    .limit(200)
    .execute();
  const shaped = rows.map((row) => {
    const proposed = row.proposer_id === memberId;
    return {
      id: row.id,
      met_on: row.met_on,
      place: row.place,
      status: row.status,
      with: proposed ? row.partner_name : row.proposer_name,
      toAnswer: !proposed && row.status === "proposed",
    };
  });
  return [...shaped.filter((row) => row.toAnswer), ...shaped.filter((row) => !row.toAnswer)];
}

/** A one-to-one of the member's (null for anyone else), with the member's own note only. */
export async function oneToOneFor(memberId: number, id: number) {
  const row = await db
    .selectFrom("one_to_ones")
    .innerJoin("users as proposer", "proposer.id", "one_to_ones.proposer_id")
    .innerJoin("users as partner", "partner.id", "one_to_ones.partner_id")
    .selectAll("one_to_ones")
    .select(["proposer.name as proposer_name", "partner.name as partner_name"])
    .where("one_to_ones.id", "=", id)
    .where((eb) => eb.or([eb("one_to_ones.proposer_id", "=", memberId), eb("one_to_ones.partner_id", "=", memberId)]))
    .executeTakeFirst();
  if (!row) return null;
  const proposed = row.proposer_id === memberId;
  return {
    id: row.id,
    met_on: row.met_on,
    place: row.place,
    status: row.status,
    proposerName: row.proposer_name,
    with: proposed ? row.partner_name : row.proposer_name,
    role: proposed ? ("proposer" as const) : ("partner" as const),
    note: proposed ? row.proposer_note : row.partner_note,
  };
}

export type AnswerOutcome = { ok: true; status: OneToOneStatus } | { ok: false; reason: "not_found" } | { ok: false; reason: "answered"; message: string };

/** The partner confirms or declines a proposed one-to-one; the proposer is told. */
export async function answerOneToOne(member: Person, id: number, answer: "confirm" | "decline", origin: string): Promise<AnswerOutcome> {
  const row = await db
    .selectFrom("one_to_ones")
    .select(["id", "proposer_id", "met_on", "status"])
    .where("id", "=", id)
    .where("partner_id", "=", member.id)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not_found" };
  const status: OneToOneStatus = answer === "confirm" ? "confirmed" : "declined";
  const now = nowIso();
  const result = await db
    .updateTable("one_to_ones")
    .set({ status, confirmed_at: answer === "confirm" ? now : null, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "proposed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: "answered", message: `This one-to-one is ${row.status} already.` };
  const message = `${member.name} ${answer === "confirm" ? "confirmed" : "declined"} your one-to-one of ${formatDate(row.met_on)}.`;
  await notify({
    memberId: row.proposer_id,
    kind: "one_to_one_answered",
    message,
    linkPath: oneToOnePath(id),
    actorId: member.id,
    email: { subject: `One-to-one ${status}`, text: `${message}\n\n${origin}${oneToOnePath(id)}${SETTINGS_LINE(origin)}` },
  });
  return { ok: true, status };
}

/** Saves the member's own note of a one-to-one (the other side's is never touched). */
export async function saveOneToOneNote(memberId: number, id: number, note: string | null) {
  const row = await db.selectFrom("one_to_ones").select("proposer_id").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  const mine = row.proposer_id === memberId;
  const updatedAt = nowIso();
  const result = await db
    .updateTable("one_to_ones")
    .set(mine ? { proposer_note: note, updated_at: updatedAt } : { partner_note: note, updated_at: updatedAt })
    .where("id", "=", id)
    .where(mine ? "proposer_id" : "partner_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Confirmed one-to-ones the member had on days from `from` to `to`. */
export async function countOneToOnes(memberId: number, { from, to }: { from: string; to: string }) {
  const row = await db
    .selectFrom("one_to_ones")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where((eb) => eb.or([eb("proposer_id", "=", memberId), eb("partner_id", "=", memberId)]))
    .where("status", "=", "confirmed")
    .where("met_on", ">=", from)
    .where("met_on", "<=", to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
