import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { activateMembership } from "~/features/membership/membership.server";
import { connect, connectTerms, getConnection, trailOf } from "~/features/proposals/connections.server";
import { createEntrepreneur, createInvestor } from "~/features/proposals/entries.server";
import { EntrepreneurSchema, InvestorSchema } from "~/features/proposals/schema.server";
import { searchMembers } from "~/features/members/admin-members.server";
import { createMember, verifyCredentials } from "~/features/members/members.server";
import { db, nowIso } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { createPayment, settlePayment } from "~/lib/payments/payments.server";
import { getMember, startSession } from "~/lib/session.server";
import { storage } from "~/lib/storage.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/settings/user.settings.security.delete-account";
import { action as newPostAction } from "~/routes/timeline/user.timeline.post.new";
import { loader as postLoader } from "~/routes/timeline/user.timeline_.post.$postId";
import { createEvent } from "./event-fixtures";
import { png, uploadRequest } from "./fixtures/files";
import {
  BASE,
  befriend,
  contactOf,
  cookiesFrom,
  createSignedInMember,
  flashOf,
  getRequest,
  postRequest,
  replyErrors,
  routeArgs,
  settle,
  type TestMember,
} from "./helpers";
import { taskFields } from "./calendar-fixtures";
import { createTask, markOccurrence } from "~/features/calendar/calendar.server";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const PATH = "/user/settings/security/delete-account";

function deleteAccount(member: TestMember, password = member.password) {
  return settle(() => deleteAction(routeArgs(postRequest(PATH, { csrf: "x", password }, member.cookie))));
}

async function postWithPhoto(member: TestMember, message: string) {
  const request = uploadRequest(
    "/user/timeline/post/new",
    { name: "harbour.png", content: await png(), type: "image/png" },
    {
      cookie: member.cookie,
      field: "attachments",
      fields: { csrf: "x", message, privacy: "friends" },
    },
  );
  expect((await settle(() => newPostAction(routeArgs(request)))).status).toBe(302);
  return db.selectFrom("posts").select("id").where("author_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
}

const countOf = async (table: "contacts" | "posts" | "files" | "sessions" | "friendships" | "chat_messages" | "events", column: string, id: number) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(column as never, "=", id as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("deleting one's account", () => {
  test("asks for the password: a wrong one deletes nothing", async () => {
    await createSignedInMember({ name: "The Admin" });
    const member = await createSignedInMember();
    const loaded = await settle(() => deleteLoader(routeArgs(getRequest(PATH, member.cookie))));
    expect(loaded.status).toBe(200);
    const wrong = await deleteAccount(member, "not my password");
    expect(wrong.status).toBe(400);
    expect(await replyErrors(wrong)).toEqual({ password: ["That is not your password."] });
    const empty = await settle(() => deleteAction(routeArgs(postRequest(PATH, { csrf: "x" }, member.cookie))));
    expect(await replyErrors(empty)).toEqual({ password: ["Type your password to delete your account."] });
    expect(await getMember(getRequest("/user", member.cookie))).not.toBeNull();
  });

  test("removes the member's data, files and every session; others keep their comments, payments and tickets as from a former member", async () => {
    const admin = await createSignedInMember({ name: "The Admin" });
    const leaving = await createSignedInMember({ name: "Lea Leaving" });
    const friend = await createSignedInMember({ name: "Fred Friend" });
    // Signed in on a second device (another instance sees the same session rows).
    const secondDevice = cookiesFrom(await startSession(new Request(`${BASE}/signin`), leaving.id, { redirectTo: "/user" }));

    await contactOf(leaving, { name: "Lea's contact" });
    await contactOf(friend, { name: "Fred's contact" });
    const leavingPost = await postWithPhoto(leaving, "Lea's post");
    const friendPost = await postWithPhoto(friend, "Fred's post");
    const storedKeys = (await db.selectFrom("files").select("storage_key").where("owner_id", "=", leaving.id).execute()).map((row) => row.storage_key);
    expect(storedKeys.length).toBeGreaterThan(0);
    await db.insertInto("comments").values({ post_id: friendPost.id, author_id: leaving.id, message: "Lovely, says Lea", created_at: nowIso() }).execute();
    await db.insertInto("comments").values({ post_id: leavingPost.id, author_id: friend.id, message: "Fred on Lea's post", created_at: nowIso() }).execute();
    await befriend(leaving, friend);
    await db.insertInto("chat_messages").values({ sender_id: friend.id, recipient_id: leaving.id, body: "Hi Lea", created_at: nowIso() }).execute();
    const ownEvent = await createEvent(leaving.id, { title: "Lea's free talk" });
    const friendsEvent = await createEvent(friend.id, { title: "Fred's gala" });
    await db
      .insertInto("tickets")
      .values({
        event_id: friendsEvent,
        ticket_type: "general",
        code: "LEA-1",
        holder_id: leaving.id,
        holder_name: "Lea Leaving",
        holder_email: leaving.email,
        amount_cents: 0,
        status: "issued",
        created_at: nowIso(),
        issued_at: nowIso(),
      })
      .execute();
    await db
      .insertInto("tickets")
      .values({
        event_id: ownEvent,
        ticket_type: "general",
        code: "FRED-1",
        holder_id: friend.id,
        amount_cents: 0,
        status: "issued",
        created_at: nowIso(),
        issued_at: nowIso(),
      })
      .execute();
    const payment = await createPayment({
      memberId: leaving.id,
      purpose: "membership",
      item: "elite",
      period: "monthly",
      description: "Chapter elite — monthly",
      amountCents: 6000,
      provider: "bank_transfer",
    });
    await activateMembership((await settlePayment(payment.id, "paid"))!);

    const leavingTask = await createTask(leaving.id, taskFields({ category: "Lea's" }), "UTC");
    await markOccurrence(leaving.id, leavingTask, "2026-11-23", "completed");

    const response = await deleteAccount(leaving);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Your account has been deleted. Thank you for being a member of Chapter." });

    // Gone: the account, its data, its files (rows and content), every session.
    expect(await db.selectFrom("users").select("id").where("id", "=", leaving.id).executeTakeFirst()).toBeUndefined();
    expect(await getMember(getRequest("/user", leaving.cookie))).toBeNull();
    expect(await getMember(getRequest("/user", secondDevice))).toBeNull();
    expect(await countOf("sessions", "user_id", leaving.id)).toBe(0);
    expect(await countOf("contacts", "owner_id", leaving.id)).toBe(0);
    for (const table of ["calendar_tasks", "calendar_occurrences", "calendar_categories"] as const) {
      expect(await db.selectFrom(table).select("id").where("member_id", "=", leaving.id).execute()).toEqual([]);
    }
    expect(await countOf("posts", "author_id", leaving.id)).toBe(0);
    expect(await countOf("files", "owner_id", leaving.id)).toBe(0);
    expect(await countOf("events", "owner_id", leaving.id)).toBe(0);
    expect(await db.selectFrom("events").select("id").where("id", "=", ownEvent).executeTakeFirst()).toBeUndefined();
    for (const key of storedKeys) expect(await storage().size(key)).toBeNull();
    expect(await countOf("friendships", "addressee_id", friend.id)).toBe(0);
    expect(await countOf("chat_messages", "sender_id", friend.id)).toBe(0);
    expect(await verifyCredentials(leaving.email, leaving.password)).toBeNull();

    // Kept, as from "A former member": the comment on Fred's post, the payment, the ticket.
    const comment = await db
      .selectFrom("comments")
      .innerJoin("users", "users.id", "comments.author_id")
      .select(["users.name", "users.disabled_at", "users.deleted_at", "users.email", "comments.author_id"])
      .where("comments.message", "=", "Lovely, says Lea")
      .executeTakeFirstOrThrow();
    expect(comment).toMatchObject({ name: "A former member" });
    expect(comment.disabled_at).not.toBeNull();
    expect(comment.deleted_at).not.toBeNull();
    expect(comment.email).not.toContain(leaving.email);
    const former = comment.author_id;
    // As Fred sees his post: the comment stays, from "A former member".
    const page = await settle(() =>
      postLoader(routeArgs(getRequest(`/user/timeline/post/${friendPost.id}`, friend.cookie), { postId: String(friendPost.id) })),
    );
    const { post } = (await page.json()) as { post: { comments: { authorName: string; message: string }[] } };
    expect(post.comments.map((each) => [each.authorName, each.message])).toEqual([["A former member", "Lovely, says Lea"]]);
    expect(await db.selectFrom("payments").select("member_id").where("id", "=", payment.id).executeTakeFirstOrThrow()).toEqual({ member_id: former });
    expect(await db.selectFrom("memberships").select("member_id").where("payment_id", "=", payment.id).executeTakeFirstOrThrow()).toEqual({
      member_id: former,
    });
    expect(await db.selectFrom("tickets").select(["holder_id", "holder_name", "holder_email"]).where("code", "=", "LEA-1").executeTakeFirstOrThrow()).toEqual({
      holder_id: former,
      holder_name: null,
      holder_email: null,
    });
    // Fred's free ticket went with Lea's event, and he is told.
    expect(await db.selectFrom("tickets").select("id").where("code", "=", "FRED-1").executeTakeFirst()).toBeUndefined();
    expect(
      await db.selectFrom("notifications").select(["message", "actor_id"]).where("member_id", "=", friend.id).where("kind", "=", "event_cancelled").execute(),
    ).toEqual([{ message: "Lea's free talk was cancelled by its organiser.", actor_id: null }]);
    // Lea's own post went with Fred's comment on it; Fred's post and contact are untouched.
    expect(await db.selectFrom("comments").select("id").where("message", "=", "Fred on Lea's post").executeTakeFirst()).toBeUndefined();
    expect(await countOf("posts", "author_id", friend.id)).toBe(1);
    expect(await countOf("contacts", "owner_id", friend.id)).toBe(1);
    expect(await countOf("files", "owner_id", friend.id)).toBe(1);

    // The placeholder is no member: not in the admin's list; the address can sign up again.
    const listed = await searchMembers({});
    expect(listed.members.map((each) => each.name).sort()).toEqual(["Fred Friend", "The Admin"]);
    expect(admin.id).toBeGreaterThan(0);
    expect(await createMember({ name: "Lea Again", email: leaving.email, password: "another good password", memberType: "investor" })).toBeGreaterThan(0);
  });

  test("the last admin is refused with a clear message; with another admin, an admin may leave", async () => {
    const admin = await createSignedInMember({ name: "Only Admin" });
    expect((await db.selectFrom("users").select("role").where("id", "=", admin.id).executeTakeFirstOrThrow()).role).toBe("admin");
    const refused = await deleteAccount(admin);
    expect(refused.status).toBe(409);
    expect(await replyErrors(refused)).toEqual({
      "": ["You are the only administrator. Make another member an administrator first, then delete your account."],
    });
    expect(await getMember(getRequest("/user", admin.cookie))).not.toBeNull();

    const second = await createSignedInMember({ name: "Second Admin" });
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", second.id).execute();
    expect((await deleteAccount(admin)).status).toBe(302);
    expect(await getMember(getRequest("/user", admin.cookie))).toBeNull();
    // Now Second is the only admin, and stays.
    expect((await deleteAccount(second)).status).toBe(409);
  });

  test("refused while the member's events have paid tickets held by others", async () => {
    await createSignedInMember({ name: "The Admin" });
    const organiser = await createSignedInMember({ name: "Olga Organiser" });
    const buyer = await createSignedInMember({ name: "Bea Buyer" });
    const eventId = await createEvent(organiser.id, { title: "Paid Gala", general_amount_cents: 2500 });
    await db
      .insertInto("tickets")
      .values({
        event_id: eventId,
        ticket_type: "general",
        code: "PAID-1",
        holder_id: buyer.id,
        amount_cents: 2500,
        status: "issued",
        created_at: nowIso(),
        issued_at: nowIso(),
      })
      .execute();
    const refused = await deleteAccount(organiser);
    expect(refused.status).toBe(409);
    expect((await replyErrors(refused))[""]).toEqual(['Your event "Paid Gala" has paid tickets. Cancel and refund them first, then delete your account.']);
    expect(await db.selectFrom("events").select("id").where("id", "=", eventId).executeTakeFirst()).toBeDefined();
  });

  test("an entrepreneur leaving closes their connections; the investor keeps each one, its trail and what was agreed", async () => {
    await createSignedInMember({ name: "The Admin" });
    const leaving = await createSignedInMember({ name: "Ebere Entrepreneur" });
    const investor = await createSignedInMember({ name: "Ivan Investor" });
    const ventureId = await createEntrepreneur(
      leaving.id,
      EntrepreneurSchema.parse({
        business_name: "Ebere Looms",
        sector: "logistics",
        amount: "40000",
        purpose: "Two new looms.",
        term_months: "24",
        rate: "14",
        country: "NG",
      }),
    );
    const fundId = await createInvestor(
      investor.id,
      InvestorSchema.parse({ sectors: ["logistics"], amount: "90000", min_ticket: "5000", max_ticket: "50000", term_months: "36", rate: "12", countries: [] }),
    );
    const shown = await connectTerms(investor.id, "investor", fundId, ventureId);
    const connected = await connect(investor, "investor", fundId, ventureId, "Happy to fund the looms.", shown?.hash ?? null);
    if (!connected.ok) throw new Error("The connection was refused");

    expect((await deleteAccount(leaving)).status).toBe(302);

    const kept = await getConnection(investor.id, connected.connectionId);
    expect(kept).toMatchObject({ status: "closed", message: "Happy to fund the looms." });
    expect(kept?.entrepreneur.business_name).toBe("Ebere Looms");
    const trail = await trailOf(connected.connectionId);
    expect(trail.map((step) => [step.action, step.member_name])).toEqual([
      ["connect", "Ivan Investor"],
      ["close", "A former member"],
    ]);
    expect(trail[0].terms_text).toContain("Ebere Looms");
    const told = await db
      .selectFrom("notifications")
      .select(["message", "link_url"])
      .where("member_id", "=", investor.id)
      .where("kind", "=", "proposal_connection")
      .execute();
    expect(told).toContainEqual({
      message: "The other member deleted their account: the connection is closed.",
      link_url: `/user/connections/${connected.connectionId}`,
    });
    // The venture left the list with its owner.
    expect(
      await db.selectFrom("entrepreneur_entries").select("id").where("id", "=", ventureId).where("deleted_at", "is", null).executeTakeFirst(),
    ).toBeUndefined();
  });
});
