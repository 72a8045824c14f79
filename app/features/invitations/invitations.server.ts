import crypto from "node:crypto";
import { sql } from "kysely";
import { duplicateMessage } from "~/features/contacts/contacts.server";
import { notify } from "~/features/notifications/notifications.server";
import type { InvitationsTable } from "~/lib/db-schema";
import { compiledPerCount, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { sendMail } from "~/lib/mail.server";
import type { InviteInput } from "./schema";
import type { InvitationState } from "./state";

/** An invitation must not become a way to send spam: re-invitations of one contact, and
 * invitation e-mails a member sends in 24 hours, are limited. */
export const MAX_RESENDS = 10;
export const MAX_SENT_PER_DAY = 50;

function tokenHash(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Invitations sent before this instant have expired (INVITATION_DAYS). */
function expiryCutoff() {
  return new Date(Date.now() - env().INVITATION_DAYS * 86_400_000).toISOString();
}

type StateRow = Pick<InvitationsTable, "email" | "sent_at" | "accepted_at"> & { resent_count: number };

function stateOf(row: StateRow | undefined | null): InvitationState {
  if (!row) return { status: "none" };
  if (row.accepted_at) return { status: "joined", acceptedAt: row.accepted_at };
  if (!row.sent_at || !row.email) return { status: "none" };
  return { status: "invited", email: row.email, sentAt: row.sent_at, resentCount: row.resent_count, expired: row.sent_at <= expiryCutoff() };
}

const invitationsOfContacts = compiledPerCount(
  (_count) =>
    (ownerId: number, ...contactIds: number[]) =>
      db
        .selectFrom("invitations")
        .select(["contact_id", "email", "sent_at", "resent_count", "accepted_at"])
        .where("owner_id", "=", ownerId)
        .where("contact_id", "in", contactIds),
);

/** The invitation states of these contacts of the member, by contact id (none: not listed; a
 * page of contacts at most: a query for each length). */
export async function invitationStates(ownerId: number, contactIds: number[]) {
  if (!contactIds.length) return {} as Record<number, InvitationState>;
  const rows = await rowsOf(invitationsOfContacts(contactIds.length)(ownerId, ...contactIds));
  return Object.fromEntries(rows.map((row) => [row.contact_id, stateOf(row)])) as Record<number, InvitationState>;
}

/** The member's invitation of their contact (a draft, a sent one, or none). */
export async function invitationOf(ownerId: number, contactId: number) {
  const row = await db
    .selectFrom("invitations")
    .leftJoin("files", "files.id", "invitations.image_id")
    .select([
      "invitations.email",
      "invitations.name",
      "invitations.message",
      "invitations.sent_at",
      "invitations.resent_count",
      "invitations.accepted_at",
      "files.token as image_token",
    ])
    .where("invitations.owner_id", "=", ownerId)
    .where("invitations.contact_id", "=", contactId)
    .executeTakeFirst();
  return {
    state: stateOf(row),
    email: row?.email ?? null,
    name: row?.name ?? null,
    message: row?.message ?? null,
    imageUrl: row?.image_token ? fileUrl(row.image_token, "thumbnail") : null,
  };
}

/**
 * SPEC.md §5: the invite e-mail is checked like a contact's (another of the member's contacts
 * or invitations has it: the contact being invited itself does not count), and an address
 * that already belongs to a member needs no invitation. "" when it is fine.
 */
export async function inviteEmailMessage(ownerId: number, email: string, contactId: number | null) {
  const duplicate = await duplicateMessage(ownerId, "email", email, contactId);
  if (duplicate) return duplicate;
  const member = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return member ? "This person is already a member of Chapter." : "";
}

type Inviter = { id: number; name: string };
type InvitedContact = { id: number; name: string; email: string | null };

async function mailInvitation(
  inviter: Inviter,
  invitation: { email: string; name: string | null; message: string | null },
  contactName: string,
  origin: string,
) {
  const token = crypto.randomBytes(32).toString("base64url");
  const link = `${origin}/signup?invite=${token}`;
  const days = env().INVITATION_DAYS;
  const lines = [
    `Hello ${invitation.name ?? contactName},`,
    "",
    `${inviter.name} invites you to join Chapter, where members meet, share contacts and do business together.`,
    "",
    `Create your account here (the link works for ${days} days):`,
    "",
    link,
  ];
  if (invitation.message) {
    lines.push("", `${inviter.name} wrote:`, "", ...invitation.message.split(/\r?\n/).map((line) => `> ${line}`));
  }
  lines.push("", "If you do not know this person, ignore this e-mail: nothing happens without you.");
  await sendMail({ to: invitation.email, subject: `${inviter.name} invites you to join Chapter`, text: lines.join("\n") });
  return tokenHash(token);
}

export type SendOutcome = { ok: true; state: InvitationState } | { ok: false; status: 409 | 429; message: string };

/**
 * Sends (or sends again) the invitation with a new link: the previous link stops working.
 * The contact's e-mail is filled in from it when it had none.
 */
export async function sendInvitation(inviter: Inviter, contact: InvitedContact, input: InviteInput, origin: string): Promise<SendOutcome> {
  const before = await invitationOf(inviter.id, contact.id);
  if (before.state.status === "joined") return { ok: false, status: 409, message: `${contact.name} has already joined Chapter.` };
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
  const { sent } = await db
    .selectFrom("invitations")
    .select(sql<number>`count(*)`.as("sent"))
    .where("owner_id", "=", inviter.id)
    .where("sent_at", ">", dayAgo)
    .executeTakeFirstOrThrow();
  if (Number(sent) >= MAX_SENT_PER_DAY) {
    return { ok: false, status: 429, message: `You have sent ${MAX_SENT_PER_DAY} invitations in the last 24 hours: please send more tomorrow.` };
  }
  const now = nowIso();
  // The mail goes out first: a failed send leaves the old link (if any) working.
  const hash = await mailInvitation(inviter, input, contact.name, origin);
  await db
    .insertInto("invitations")
    .values({
      owner_id: inviter.id,
      contact_id: contact.id,
      email: input.email,
      name: input.name,
      message: input.message,
      token_hash: hash,
      sent_at: now,
      resent_count: 0,
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict.column("contact_id").doUpdateSet({
        email: input.email,
        name: input.name,
        message: input.message,
        token_hash: hash,
        sent_at: now,
        resent_count: sql<number>`case when invitations.sent_at is null then invitations.resent_count else invitations.resent_count + 1 end`,
      }),
    )
    .execute();
  if (!contact.email) {
    await db
      .updateTable("contacts")
      .set({ email: input.email, updated_at: now })
      .where("owner_id", "=", inviter.id)
      .where("id", "=", contact.id)
      .where("email", "is", null)
      .execute();
  }
  return { ok: true, state: (await invitationOf(inviter.id, contact.id)).state };
}

/** SPEC.md §4's Re-invite: the same invitation with a new link, counted. */
export async function resendInvitation(inviter: Inviter, contact: InvitedContact, origin: string): Promise<SendOutcome> {
  const invitation = await invitationOf(inviter.id, contact.id);
  const { state } = invitation;
  if (state.status === "joined") return { ok: false, status: 409, message: `${contact.name} has already joined Chapter.` };
  if (state.status === "none") return { ok: false, status: 409, message: `${contact.name} has not been invited yet: invite them first.` };
  if (state.resentCount >= MAX_RESENDS) {
    return { ok: false, status: 429, message: `You have re-invited ${contact.name} ${MAX_RESENDS} times already; that is the limit.` };
  }
  return sendInvitation(inviter, contact, { email: state.email, name: invitation.name, message: invitation.message }, origin);
}

/** Keeps an uploaded invite image on the contact's invitation (a draft until it is sent);
 * the image it replaces is deleted. */
export async function setInvitationImage(ownerId: number, contactId: number, fileId: number) {
  const before = await db.selectFrom("invitations").select("image_id").where("owner_id", "=", ownerId).where("contact_id", "=", contactId).executeTakeFirst();
  await db
    .insertInto("invitations")
    .values({ owner_id: ownerId, contact_id: contactId, image_id: fileId, resent_count: 0, created_at: nowIso() })
    .onConflict((conflict) => conflict.column("contact_id").doUpdateSet({ image_id: fileId }))
    .execute();
  if (before?.image_id && before.image_id !== fileId) await deleteFile(before.image_id);
}

/** false when there was no image. */
export async function removeInvitationImage(ownerId: number, contactId: number) {
  const row = await db
    .selectFrom("invitations")
    .select(["id", "image_id"])
    .where("owner_id", "=", ownerId)
    .where("contact_id", "=", contactId)
    .executeTakeFirst();
  if (!row?.image_id) return false;
  await db.updateTable("invitations").set({ image_id: null }).where("id", "=", row.id).execute();
  await deleteFile(row.image_id);
  return true;
}

/** The invitation behind a link, while it is the latest link sent, unexpired and unused. */
export async function findInvitation(token: string) {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("invitations")
    .innerJoin("users as inviter", "inviter.id", "invitations.owner_id")
    .leftJoin("files", "files.id", "invitations.image_id")
    .select([
      "invitations.id",
      "invitations.owner_id",
      "invitations.contact_id",
      "invitations.email",
      "invitations.name",
      "invitations.message",
      "inviter.name as inviter_name",
      "files.token as image_token",
    ])
    .where("invitations.token_hash", "=", tokenHash(token))
    .where("invitations.accepted_at", "is", null)
    .where("invitations.sent_at", ">", expiryCutoff())
    .where("inviter.disabled_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/** The invite image's file, for the sign-up page of a working link. */
export async function invitationImage(token: string) {
  const invitation = await findInvitation(token);
  if (!invitation?.image_token) return null;
  return db.selectFrom("files").selectAll().where("token", "=", invitation.image_token).executeTakeFirst();
}

async function markAccepted(invitation: { id: number; owner_id: number; contact_id: number }, member: { id: number; name: string }) {
  const done = await db
    .updateTable("invitations")
    .set({ accepted_at: nowIso(), accepted_member_id: member.id })
    .where("id", "=", invitation.id)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await notify({
    memberId: invitation.owner_id,
    kind: "invitation_accepted",
    message: `${member.name} accepted your invitation and joined Chapter.`,
    linkPath: `/user/profile?cicid=${invitation.contact_id}`,
    actorId: member.id,
  });
  return true;
}

/**
 * A new member signed up: the invitation whose link they followed is accepted and its contact
 * linked to them; every other open invitation to their e-mail address is answered too (that
 * address is a member now). Returns whether the link's invitation was accepted.
 */
export async function welcomeInvitee(member: { id: number; name: string; email: string }, token: string | null) {
  const followed = token ? await findInvitation(token) : null;
  const accepted = followed ? await markAccepted(followed, member) : false;
  const others = await db
    .selectFrom("invitations")
    .select(["id", "owner_id", "contact_id"])
    .where("email", "=", member.email.toLowerCase())
    .where("sent_at", "is not", null)
    .where("accepted_at", "is", null)
    .execute();
  for (const invitation of others) await markAccepted(invitation, member);
  return accepted;
}

/** The answer's html (SPEC.md §4: the button is replaced by the returned HTML). */
export function invitationHtml(label: string) {
  const escaped = label.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<span class="invitation-state">${escaped}</span>`;
}
