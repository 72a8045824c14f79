import { type ExpressionBuilder, sql } from "kysely";
import { containsPattern } from "~/features/members/admin-members.server";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { notify } from "~/features/notifications/notifications.server";
import type { DB, MemberType, TicketType } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { pageWindow } from "~/lib/paging";
import { formatEventTime, ticketTypeLabel } from "./labels";
import { cancelTicket, isTicketType, issueTicket, liveTicketOf, type TicketEvent } from "./tickets.server";

// Ticket invitations (SPEC.md §1, §3 invite filters): the organiser picks members by several
// criteria and invites them to a ticket type; an invitee accepts (a free ticket is issued,
// within capacity) or declines.

export const INVITES_PER_PAGE = 25;

export type InviteFilters = {
  memberType?: MemberType;
  occupation?: string;
  position?: string;
  industry?: string;
  country?: string;
  province?: string;
  city?: string;
  business?: string;
  businessType?: string;
  meetPlace?: string;
  /** Only members not invited to this event yet (SPEC.md's non_invite). */
  notInvited?: boolean;
};

const TEXT_FILTERS = [
  ["occupation", "occupation"],
  ["position", "position"],
  ["industry", "industry"],
  ["business", "business"],
  ["businessType", "business_type"],
  ["meetPlace", "meet_place"],
] as const;

/** The filters a URL's query names (SPEC.md's names); anything else is ignored. */
export function inviteFiltersFrom(params: URLSearchParams): InviteFilters {
  const text = (name: string) => (params.get(name) ?? "").trim().replace(/\s+/g, " ").slice(0, 100);
  const filters: InviteFilters = {};
  const memberType = MEMBER_TYPES.find((item) => item.value === params.get("member_type"))?.value;
  if (memberType) filters.memberType = memberType;
  for (const [key, param] of TEXT_FILTERS) {
    const value = text(param);
    if (value) filters[key] = value;
  }
  for (const key of ["country", "province", "city"] as const) {
    const value = text(key);
    if (value) filters[key] = value;
  }
  if (params.get("non_invite") === "1") filters.notInvited = true;
  return filters;
}

/** The filters as query parameters (SPEC.md's names), for links that keep them. */
export function inviteFiltersParams(filters: InviteFilters) {
  const params = new URLSearchParams();
  if (filters.memberType) params.set("member_type", filters.memberType);
  for (const [key, param] of TEXT_FILTERS) if (filters[key]) params.set(param, filters[key]!);
  for (const key of ["country", "province", "city"] as const) if (filters[key]) params.set(key, filters[key]!);
  if (filters.notInvited) params.set("non_invite", "1");
  return params;
}

function contains(eb: ExpressionBuilder<DB, "users">, column: "users.occupation" | "users.industry" | "users.business" | "users.business_type", value: string) {
  return sql<boolean>`lower(${eb.ref(column)}) like ${containsPattern(value)} escape '\\'`;
}

function candidates(organiserId: number, eventId: number, filters: InviteFilters) {
  let query = db.selectFrom("users").where("users.id", "!=", organiserId).where("users.disabled_at", "is", null);
  if (filters.memberType) query = query.where("users.member_type", "=", filters.memberType);
  // Members have one "occupation or position" field (SPEC.md's pro_name): both filters read it.
  if (filters.occupation) query = query.where((eb) => contains(eb, "users.occupation", filters.occupation!));
  if (filters.position) query = query.where((eb) => contains(eb, "users.occupation", filters.position!));
  if (filters.industry) query = query.where((eb) => contains(eb, "users.industry", filters.industry!));
  if (filters.business) query = query.where((eb) => contains(eb, "users.business", filters.business!));
  if (filters.businessType) query = query.where((eb) => contains(eb, "users.business_type", filters.businessType!));
  if (filters.country) query = query.where("users.country", "=", filters.country);
  if (filters.province) query = query.where("users.province", "=", filters.province);
  if (filters.city) query = query.where("users.city", "=", filters.city);
  if (filters.meetPlace) {
    // Members have no meet place of their own: it is where the organiser met them, i.e. the
    // meet place of the organiser's contact with the member's e-mail.
    const pattern = containsPattern(filters.meetPlace);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("contacts")
          .select("contacts.id")
          .where("contacts.owner_id", "=", organiserId)
          .whereRef("contacts.email", "=", sql<string>`lower(${eb.ref("users.email")})`)
          .where(sql<boolean>`lower(contacts.meet_place) like ${pattern} escape '\\'`),
      ),
    );
  }
  if (filters.notInvited) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("ticket_invitations")
            .select("ticket_invitations.id")
            .where("ticket_invitations.event_id", "=", eventId)
            .whereRef("ticket_invitations.member_id", "=", "users.id"),
        ),
      ),
    );
  }
  return query;
}

/** One page of members matching the filters, by name, with their invitation (if any). */
export async function listInviteCandidates(organiserId: number, eventId: number, filters: InviteFilters, page = 1) {
  const { total } = await candidates(organiserId, eventId, filters)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const { pages, page: current, offset } = pageWindow(total, page, INVITES_PER_PAGE);
  const members = await candidates(organiserId, eventId, filters)
    .leftJoin("ticket_invitations as invitation", (join) => join.onRef("invitation.member_id", "=", "users.id").on("invitation.event_id", "=", eventId))
    .select([
      "users.id",
      "users.name",
      "users.member_type",
      "users.occupation",
      "users.business",
      "users.city",
      "invitation.status as invitation_status",
      "invitation.ticket_type as invitation_type",
    ])
    .orderBy("users.name")
    .orderBy("users.id")
    .limit(INVITES_PER_PAGE)
    .offset(offset)
    .execute();
  return { members, total: Number(total), page: current, pages };
}

export const MAX_INVITES_AT_ONCE = 200;

/**
 * Invites members (who are not invited yet) to a ticket type of the organiser's event, and
 * tells each of them in the app and by e-mail. Returns how many were invited.
 */
export async function inviteMembers(
  organiser: { id: number; name: string },
  event: NonNullable<TicketEvent>,
  memberIds: number[],
  type: TicketType,
  origin: string,
) {
  const ids = [...new Set(memberIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id !== organiser.id).slice(0, MAX_INVITES_AT_ONCE);
  if (ids.length === 0) return 0;
  const members = await db.selectFrom("users").select(["id", "name"]).where("id", "in", ids).where("disabled_at", "is", null).execute();
  let invited = 0;
  const now = nowIso();
  for (const member of members) {
    const row = await db
      .insertInto("ticket_invitations")
      .values({
        event_id: event.id,
        member_id: member.id,
        ticket_type: type,
        invited_by: organiser.id,
        status: "invited",
        ticket_id: null,
        created_at: now,
        responded_at: null,
      })
      .onConflict((conflict) => conflict.columns(["event_id", "member_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) continue;
    invited += 1;
    const path = `/user/tickets/invitations/${row.id}`;
    const what = `a ${ticketTypeLabel(type)} ticket to ${event.title} on ${formatEventTime(event.starts_at, event.time_zone)}`;
    await notify({
      memberId: member.id,
      kind: "ticket_invitation",
      message: `${organiser.name} invites you: ${what}.`,
      linkPath: path,
      actorId: organiser.id,
      email: {
        subject: `Invitation: ${event.title}`,
        text: [
          `Hello ${member.name},`,
          "",
          `${organiser.name} invites you to ${event.title} on ${formatEventTime(event.starts_at, event.time_zone)}${event.venue ? ` at ${event.venue}` : ""}, with ${what.replace(/ to .*/, "")} for free.`,
          "",
          `Accept or decline: ${origin}${path}`,
        ].join("\n"),
      },
    });
  }
  return invited;
}

/** A member's invitations still waiting for an answer. */
export async function pendingInvitations(memberId: number) {
  return db
    .selectFrom("ticket_invitations")
    .innerJoin("events", "events.id", "ticket_invitations.event_id")
    .leftJoin("users as inviter", "inviter.id", "ticket_invitations.invited_by")
    .select([
      "ticket_invitations.id",
      "ticket_invitations.ticket_type as type",
      "events.title as eventTitle",
      "events.starts_at as startsAt",
      "events.time_zone as timeZone",
      "inviter.name as invitedBy",
    ])
    .where("ticket_invitations.member_id", "=", memberId)
    .where("ticket_invitations.status", "=", "invited")
    .orderBy("events.starts_at")
    .limit(100)
    .execute();
}

/** The member's own invitation (null for anyone else's). */
export async function getInvitation(memberId: number, invitationId: number) {
  return (
    (await db
      .selectFrom("ticket_invitations")
      .innerJoin("events", "events.id", "ticket_invitations.event_id")
      .leftJoin("users as inviter", "inviter.id", "ticket_invitations.invited_by")
      .leftJoin("tickets", "tickets.id", "ticket_invitations.ticket_id")
      .select([
        "ticket_invitations.id",
        "ticket_invitations.event_id",
        "ticket_invitations.ticket_type",
        "ticket_invitations.status",
        "ticket_invitations.invited_by",
        "events.title as event_title",
        "events.starts_at",
        "events.time_zone",
        "events.venue",
        "events.city",
        "inviter.name as inviter_name",
        "tickets.code as ticket_code",
      ])
      .where("ticket_invitations.id", "=", invitationId)
      .where("ticket_invitations.member_id", "=", memberId)
      .executeTakeFirst()) ?? null
  );
}

export type InvitationAnswer = { ok: true; code: string | null; message: string } | { ok: false; status: 400 | 409; message: string };

/** The invitee accepts: a free ticket of the invited type is issued (within capacity). */
export async function acceptInvitation(
  member: { id: number; name: string; email: string },
  invitation: NonNullable<Awaited<ReturnType<typeof getInvitation>>>,
): Promise<InvitationAnswer> {
  if (invitation.status !== "invited") return { ok: false, status: 400, message: `You have already ${invitation.status} this invitation.` };
  if (!isTicketType(invitation.ticket_type)) return { ok: false, status: 400, message: "This invitation is not valid." };
  const issued = await issueTicket({
    eventId: invitation.event_id,
    type: invitation.ticket_type,
    holderId: member.id,
    holderName: member.name,
    holderEmail: member.email,
    issuedBy: invitation.invited_by,
    amountCents: 0,
    status: "issued",
  });
  if (!issued.ok) {
    // Already holding a ticket of this type (bought, say): the invitation is accepted with it.
    const held = issued.reason === "duplicate" ? await liveTicketOf(member.id, invitation.event_id, invitation.ticket_type) : null;
    if (!held) return { ok: false, status: 409, message: issued.message };
    await db
      .updateTable("ticket_invitations")
      .set({ status: "accepted", ticket_id: held.id, responded_at: nowIso() })
      .where("id", "=", invitation.id)
      .where("status", "=", "invited")
      .execute();
    return { ok: true, code: held.code, message: `${issued.message} The invitation is accepted with it.` };
  }
  const updated = await db
    .updateTable("ticket_invitations")
    .set({ status: "accepted", ticket_id: issued.ticket.id, responded_at: nowIso() })
    .where("id", "=", invitation.id)
    .where("status", "=", "invited")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    // Answered meanwhile (a double click): the ticket just issued is given back.
    await cancelTicket(issued.ticket.id);
    return { ok: false, status: 400, message: "You have already answered this invitation." };
  }
  return {
    ok: true,
    code: issued.ticket.code,
    message: `Your ${ticketTypeLabel(invitation.ticket_type)} ticket for ${invitation.event_title} is issued.`,
  };
}

export async function declineInvitation(invitation: { id: number; status: string; event_title: string }): Promise<InvitationAnswer> {
  if (invitation.status !== "invited") return { ok: false, status: 400, message: `You have already ${invitation.status} this invitation.` };
  await db
    .updateTable("ticket_invitations")
    .set({ status: "declined", responded_at: nowIso() })
    .where("id", "=", invitation.id)
    .where("status", "=", "invited")
    .execute();
  return { ok: true, code: null, message: `You declined the invitation to ${invitation.event_title}.` };
}
