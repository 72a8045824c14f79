import { getContact, listContacts } from "~/features/contacts/contacts.server";
import { addNotification, mailNotification, type NewNotification } from "~/features/notifications/notifications.server";
import { searchMembers } from "~/features/social/member-search.server";
import type { ReferralStatus } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { formatMoney } from "~/lib/format";
import { canMove, COPYABLE_FIELDS, type CopyableField, isOpen, statusLabel } from "./constants";
import type { GiveReferralInput, MoveReferralInput } from "./schema";

/** How many members or contacts a search in the give dialog lists. */
export const CHOICES = 8;

export type Person = { id: number; name: string };

const UNSUBSCRIBE = (origin: string) => `\n\nYou can turn these e-mails off in your settings: ${origin}/user/settings/notifications\n`;

export function referralPath(id: number) {
  return `/user/referrals/${id}`;
}

/** An active member other than the giver, whom a referral can go to; null otherwise. */
export async function memberToReferTo(giverId: number, memberId: number) {
  if (memberId === giverId) return null;
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "business", "occupation"])
    .where("id", "=", memberId)
    .where("disabled_at", "is", null)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

export async function findMembersToReferTo(giverId: number, query: string): Promise<Person[]> {
  return (await searchMembers(giverId, query, CHOICES)).map((member) => ({ id: member.id, name: member.name }));
}

/** The giver's own contact (null when it is not theirs), with what could be passed on. */
export async function contactToRefer(giverId: number, contactId: number) {
  const contact = await getContact(giverId, contactId);
  if (!contact) return null;
  const fields = COPYABLE_FIELDS.map((field) => ({ ...field, value: contact[field.name] })).filter((field) => field.value);
  return { id: contact.id, name: contact.name, fields };
}

export async function findContactsToRefer(giverId: number, query: string): Promise<Person[]> {
  const { contacts } = await listContacts(giverId, { q: query, page: 1 });
  return contacts.slice(0, CHOICES).map((contact) => ({ id: contact.id, name: contact.name }));
}

export type GiveOutcome = { ok: true; id: number; receiverName: string } | { ok: false; field: "receiver_id" | "contact_id" | "name"; message: string };

/**
 * Passes business to another member: the person referred is copied from the giver's contact
 * (its name and only the fields ticked) or taken as typed. The receiver is told in the app with
 * the referral, and by e-mail once it is stored.
 */
export async function giveReferral(giver: Person, input: GiveReferralInput, origin: string): Promise<GiveOutcome> {
  const receiver = await memberToReferTo(giver.id, input.receiver_id);
  if (!receiver) return { ok: false, field: "receiver_id", message: "Choose the member you refer to." };
  let person: { name: string } & Record<CopyableField, string | null>;
  if (input.contact_id !== null) {
    const contact = await getContact(giver.id, input.contact_id);
    if (!contact) return { ok: false, field: "contact_id", message: "Choose one of your contacts, or type the person in." };
    const ticked = new Set(input.copy);
    const copied = (name: CopyableField) => (ticked.has(name) ? contact[name] : null);
    person = {
      name: contact.name,
      company: copied("company"),
      occupation: copied("occupation"),
      email: copied("email"),
      phone: copied("phone"),
      city: copied("city"),
      website: copied("website"),
    };
  } else {
    if (!input.name) return { ok: false, field: "name", message: "Enter the name of the person or company you refer." };
    person = {
      name: input.name,
      company: input.company,
      occupation: input.occupation,
      email: input.email,
      phone: input.phone,
      city: input.city,
      website: input.website,
    };
  }
  const now = nowIso();
  let notification: NewNotification | null = null;
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("referrals")
      .values({
        giver_id: giver.id,
        receiver_id: receiver.id,
        ...person,
        need: input.need,
        warmth: input.warmth,
        own_need: input.own_need ? 1 : 0,
        note: input.note,
        status: "new",
        amount_cents: null,
        currency: null,
        reason: null,
        closed_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    notification = {
      memberId: receiver.id,
      kind: "referral_received",
      message: `${giver.name} gave you a referral: ${person.name}.`,
      linkPath: referralPath(row.id),
      actorId: giver.id,
      email: {
        subject: `A referral from ${giver.name}`,
        text: `${giver.name} gave you a referral: ${person.name}.\n\nWhat they need: ${input.need}\n\nFollow it up here: ${origin}${referralPath(row.id)}${UNSUBSCRIBE(origin)}`,
      },
    };
    await addNotification(trx, notification);
    return row.id;
  });
  if (notification) await mailNotification(notification);
  return { ok: true, id, receiverName: receiver.name };
}

const LIST_COLUMNS = [
  "referrals.id",
  "referrals.giver_id",
  "referrals.receiver_id",
  "referrals.name",
  "referrals.company",
  "referrals.need",
  "referrals.warmth",
  "referrals.own_need",
  "referrals.status",
  "referrals.amount_cents",
  "referrals.currency",
  "referrals.created_at",
  "referrals.updated_at",
] as const;

export type ReferralListItem = Awaited<ReturnType<typeof listSide>>[number];

function listSide(memberId: number, side: "given" | "received") {
  const own = side === "given" ? "referrals.giver_id" : "referrals.receiver_id";
  const other = side === "given" ? "referrals.receiver_id" : "referrals.giver_id";
  return db
    .selectFrom("referrals")
    .innerJoin("users", "users.id", other)
    .select([...LIST_COLUMNS, "users.name as other_name"])
    .where(own, "=", memberId)
    .orderBy((eb) => eb.case().when("referrals.status", "in", ["closed", "no_business"]).then(1).else(0).end())
    .orderBy("referrals.updated_at", "desc")
    .orderBy("referrals.id", "desc")
    .limit(200)
    .execute();
}

/** The member's referrals, given and received, the open ones first, latest change first. */
export async function listReferrals(memberId: number) {
  const [received, given] = await Promise.all([listSide(memberId, "received"), listSide(memberId, "given")]);
  return { received, given };
}

/** A referral the member gave or received, with its moves; null for anyone else. */
export async function referralFor(memberId: number, id: number) {
  const row = await db
    .selectFrom("referrals")
    .innerJoin("users as giver", "giver.id", "referrals.giver_id")
    .innerJoin("users as receiver", "receiver.id", "referrals.receiver_id")
    .selectAll("referrals")
    .select(["giver.name as giver_name", "receiver.name as receiver_name"])
    .where("referrals.id", "=", id)
    .where((eb) => eb.or([eb("referrals.giver_id", "=", memberId), eb("referrals.receiver_id", "=", memberId)]))
    .executeTakeFirst();
  if (!row) return null;
  const updates = await db
    .selectFrom("referral_updates")
    .innerJoin("users", "users.id", "referral_updates.member_id")
    .select([
      "referral_updates.id",
      "referral_updates.status",
      "referral_updates.amount_cents",
      "referral_updates.currency",
      "referral_updates.reason",
      "referral_updates.created_at",
      "users.name as member_name",
    ])
    .where("referral_id", "=", id)
    .orderBy("referral_updates.id")
    .execute();
  return { ...row, updates, role: row.receiver_id === memberId ? ("receiver" as const) : ("giver" as const) };
}

export type MoveOutcome = { ok: true; status: ReferralStatus } | { ok: false; reason: "not_found" } | { ok: false; reason: "refused"; message: string };

/**
 * The receiver moves a referral on (constants.ts says where it may go). The move is guarded by
 * the status it was read in, so two moves at once cannot both pass; the giver is told of it, and
 * business closed with an amount is the receiver's thank-you to the giver.
 */
export async function moveReferral(member: Person, id: number, input: MoveReferralInput, origin: string): Promise<MoveOutcome> {
  const referral = await db
    .selectFrom("referrals")
    .select(["id", "giver_id", "name", "status"])
    .where("id", "=", id)
    .where("receiver_id", "=", member.id)
    .executeTakeFirst();
  if (!referral) return { ok: false, reason: "not_found" };
  if (!canMove(referral.status, input.status)) {
    return {
      ok: false,
      reason: "refused",
      message: isOpen(referral.status)
        ? `A referral that is ${statusLabel(referral.status).toLowerCase()} cannot go back to ${statusLabel(input.status).toLowerCase()}.`
        : `This referral has ended (${statusLabel(referral.status).toLowerCase()}): it cannot be moved.`,
    };
  }
  const closed = input.status === "closed";
  const amount = closed && input.amount !== null && input.currency ? { cents: input.amount, currency: input.currency } : null;
  const reason = input.status === "no_business" ? input.reason : null;
  const now = nowIso();
  const notification: NewNotification = {
    memberId: referral.giver_id,
    kind: "referral_updated",
    message: amount
      ? `${member.name} closed business with ${referral.name}: thank you for ${formatMoney(amount.cents, amount.currency)}!`
      : `${member.name} moved your referral ${referral.name} to ${statusLabel(input.status).toLowerCase()}.`,
    linkPath: referralPath(id),
    actorId: member.id,
  };
  notification.email = {
    subject: `Your referral ${referral.name}: ${statusLabel(input.status)}`,
    text: `${notification.message}\n\nSee it here: ${origin}${referralPath(id)}${UNSUBSCRIBE(origin)}`,
  };
  const moved = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("referrals")
      .set({
        status: input.status,
        amount_cents: amount?.cents ?? null,
        currency: amount?.currency ?? null,
        reason,
        closed_at: isOpen(input.status) ? null : now,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", referral.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("referral_updates")
      .values({
        referral_id: id,
        member_id: member.id,
        status: input.status,
        amount_cents: amount?.cents ?? null,
        currency: amount?.currency ?? null,
        reason,
        created_at: now,
      })
      .execute();
    await addNotification(trx, notification);
    return true;
  });
  if (!moved) return { ok: false, reason: "refused", message: "This referral was moved meanwhile: look at it again." };
  await mailNotification(notification);
  return { ok: true, status: input.status };
}

/** The member's received referrals still open, the longest waiting first. */
export async function referralsToFollowUp(memberId: number, limit = 5) {
  return db
    .selectFrom("referrals")
    .innerJoin("users", "users.id", "referrals.giver_id")
    .select([
      "referrals.id",
      "referrals.name",
      "referrals.need",
      "referrals.status",
      "referrals.warmth",
      "referrals.own_need",
      "referrals.updated_at",
      "users.name as giver_name",
    ])
    .where("referrals.receiver_id", "=", memberId)
    .where("referrals.status", "in", ["new", "contacted", "meeting_set"])
    .orderBy("referrals.updated_at")
    .orderBy("referrals.id")
    .limit(limit)
    .execute();
}

export type Amounts = { currency: string; cents: number }[];

/**
 * One member's referral figures between two instants (`end` excluded): referrals given and
 * received (given on a day of the span), and the thank-you amounts for business closed in it,
 * given (as receiver) and received (as giver), summed by currency.
 */
export async function referralNumbers(memberId: number, { start, end }: { start: string; end: string }) {
  const counted = await db
    .selectFrom("referrals")
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when("giver_id", "=", memberId).then(1).else(0).end()).as("given"),
      eb.fn.sum<number>(eb.case().when("receiver_id", "=", memberId).then(1).else(0).end()).as("received"),
    ])
    .where((eb) => eb.or([eb("giver_id", "=", memberId), eb("receiver_id", "=", memberId)]))
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .executeTakeFirst();
  const thanks = await db
    .selectFrom("referrals")
    .select((eb) => ["currency", "giver_id", eb.fn.sum<number>("amount_cents").as("cents")])
    .where((eb) => eb.or([eb("giver_id", "=", memberId), eb("receiver_id", "=", memberId)]))
    .where("status", "=", "closed")
    .where("amount_cents", "is not", null)
    .where("closed_at", ">=", start)
    .where("closed_at", "<", end)
    .groupBy(["currency", "giver_id"])
    .orderBy("currency")
    .execute();
  const amounts = (side: "given" | "received"): Amounts => {
    const sums = new Map<string, number>();
    for (const row of thanks) {
      if ((row.giver_id === memberId) !== (side === "received")) continue;
      sums.set(row.currency!, (sums.get(row.currency!) ?? 0) + Number(row.cents));
    }
    return [...sums].map(([currency, cents]) => ({ currency, cents }));
  };
  return {
    given: Number(counted?.given ?? 0),
    received: Number(counted?.received ?? 0),
    thanksGiven: amounts("given"),
    thanksReceived: amounts("received"),
  };
}
