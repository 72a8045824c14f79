import { describe, expect, test } from "vitest";
import { createContact } from "~/features/contacts/contacts.server";
import { notify } from "~/features/notifications/notifications.server";
import { sendMessage } from "~/features/social/chat.server";
import { issueTicket } from "~/features/tickets/tickets.server";
import { addComment } from "~/features/timeline/comments.server";
import { createPost, listPosts } from "~/features/timeline/posts.server";
import type { PostPrivacy } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { loader as home } from "~/routes/home/user._index";
import { loader as memberArea } from "~/routes/shell/user";
import { createEvent } from "./event-fixtures";
import { befriend, createSignedInMember, day, getRequest, routeArgs, settle, type TestMember } from "./helpers";

type Home = {
  comingUp: { mine: boolean; events: { id: number; title: string; going: boolean }[] };
  friendRequests: number;
  posts: { id: number; author: { id: number; name: string }; message: string; files: number; comments: number }[];
  contacts: number;
  profile: { id: number; name: string };
};

async function homeOf(member: TestMember) {
  const response = await settle(() => home(routeArgs(getRequest("/user", member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as Home;
}

function post(author: TestMember, message: string, privacy: PostPrivacy) {
  return createPost(author.id, { message, privacy }, { claimed: [], uploaded: [] });
}

/** A day `days` ahead of now (or behind), as the events table writes it. */
function eventOn(ownerId: number, days: number, title: string) {
  const date = day(days);
  return createEvent(ownerId, {
    title,
    starts_at: `${date}T18:00`,
    ends_at: `${date}T22:00`,
    starts_at_utc: `${date}T18:00:00.000Z`,
    ends_at_utc: `${date}T22:00:00.000Z`,
  });
}

async function going(memberId: number, eventId: number) {
  await db.insertInto("event_statuses").values({ event_id: eventId, member_id: memberId, interested: 0, going: 1, updated_at: nowIso() }).execute();
}

describe("home page", () => {
  test("a new member sees their profile, empty sections and no counts", async () => {
    const member = await createSignedInMember({ name: "Nadia New" });
    const page = await homeOf(member);
    expect(page.profile.name).toBe("Nadia New");
    expect(page.comingUp).toEqual({ mine: false, events: [] });
    expect(page.friendRequests).toBe(0);
    expect(page.posts).toEqual([]);
    expect(page.contacts).toBe(0);
  });

  test("coming up: the next three events the member goes to or holds a ticket for, soonest first", async () => {
    const member = await createSignedInMember();
    const organiser = await createSignedInMember();
    const past = await eventOn(organiser.id, -10, "Last month");
    const ticketed = await eventOn(organiser.id, 20, "Ticket held");
    const goingLater = await eventOn(organiser.id, 30, "Going later");
    const goingSoon = await eventOn(organiser.id, 5, "Going soon");
    const goingLast = await eventOn(organiser.id, 40, "Going last");
    await eventOn(organiser.id, 1, "Not mine, sooner");
    await going(member.id, past);
    for (const id of [goingLater, goingSoon, goingLast]) await going(member.id, id);
    expect(await issueTicket({ eventId: ticketed, type: "general", holderId: member.id, issuedBy: null, amountCents: 0, status: "issued" })).toMatchObject({
      ok: true,
    });

    const page = await homeOf(member);
    expect(page.comingUp.mine).toBe(true);
    expect(page.comingUp.events.map((event) => event.title)).toEqual(["Going soon", "Ticket held", "Going later"]);
    expect(page.comingUp.events.map((event) => event.going)).toEqual([true, false, true]);
  });

  test("coming up: without plans of their own, the club's next three events; another member's ticket is not theirs", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const titles = ["In 4 days", "In 2 days", "In 9 days", "In 7 days"];
    const ids = [];
    for (const [index, title] of titles.entries()) ids.push(await eventOn(other.id, [4, 2, 9, 7][index], title));
    await issueTicket({ eventId: ids[2], type: "general", holderId: other.id, issuedBy: null, amountCents: 0, status: "issued" });
    await going(other.id, ids[3]);
    // A ticket still waiting for its payment is not held yet.
    await issueTicket({ eventId: ids[0], type: "general", holderId: member.id, issuedBy: null, amountCents: 0, status: "pending" });

    const page = await homeOf(member);
    expect(page.comingUp.mine).toBe(false);
    expect(page.comingUp.events.map((event) => event.title)).toEqual(["In 2 days", "In 4 days", "In 7 days"]);
    expect((await homeOf(other)).comingUp).toMatchObject({ mine: true, events: [{ title: "In 7 days" }, { title: "In 9 days" }] });
  });

  test("friend requests: only those waiting for the member's answer are counted", async () => {
    const member = await createSignedInMember();
    const [asker, otherAsker, asked, friend] = [
      await createSignedInMember(),
      await createSignedInMember(),
      await createSignedInMember(),
      await createSignedInMember(),
    ];
    await befriend(asker, member, "pending");
    await befriend(otherAsker, member, "pending");
    await befriend(member, asked, "pending");
    await befriend(friend, member);
    expect((await homeOf(member)).friendRequests).toBe(2);
    expect((await homeOf(asked)).friendRequests).toBe(1);
    expect((await homeOf(asker)).friendRequests).toBe(0);
  });

  test("unread: the member's own unread notifications and chat messages, nobody else's", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await notify({ memberId: member.id, kind: "test", message: "One" });
    await notify({ memberId: member.id, kind: "test", message: "Two" });
    await notify({ memberId: other.id, kind: "test", message: "Not yours" });
    await sendMessage(other.id, member.id, "Hello");
    await sendMessage(member.id, other.id, "Hi back");
    await sendMessage(other.id, member.id, "How are you?");
    // Home's "For you" shows the counts the member area's loader gives the header.
    const unreadOf = async (who: TestMember) =>
      ((await (await settle(() => memberArea(routeArgs(getRequest("/user", who.cookie))))).json()) as { unread: unknown }).unread;
    expect(await unreadOf(member)).toEqual({ notifications: 2, chat: 2 });
    expect(await unreadOf(other)).toEqual({ notifications: 1, chat: 1 });
  });

  test("latest from the timeline: the three newest posts the member may see, never a non-friend's friends-only post", async () => {
    const member = await createSignedInMember();
    const friend = await createSignedInMember({ name: "Fran Friend" });
    const stranger = await createSignedInMember({ name: "Stan Stranger" });
    await befriend(member, friend);
    await post(stranger, "Old public news", "public");
    await post(friend, "For friends", "friends");
    await post(member, "My own private note", "private");
    await post(stranger, "Stranger's friends-only secret", "friends");
    await post(friend, "Friend's private diary", "private");

    const page = await homeOf(member);
    expect(page.posts.map((item) => item.message)).toEqual(["My own private note", "For friends", "Old public news"]);
    const all = JSON.stringify(page);
    expect(all).not.toContain("secret");
    expect(all).not.toContain("diary");

    const strangers = await homeOf(stranger);
    expect(strangers.posts.map((item) => item.message)).toEqual(["Stranger's friends-only secret", "Old public news"]);
  });

  test("latest from the timeline: each post's files and comments counted as its timeline card counts them", async () => {
    const member = await createSignedInMember();
    const friend = await createSignedInMember({ name: "Fran Friend" });
    await befriend(member, friend);
    const quiet = await post(friend, "Nothing on it", "friends");
    const busy = await post(member, "Photos and talk", "public");
    const talked = await post(friend, "Only talk", "public");
    const now = nowIso();
    for (const [position, name] of ["a.jpg", "b.jpg", "c.mp4"].entries()) {
      const file = await db
        .insertInto("files")
        .values({
          token: `home-count-${position}`,
          owner_id: member.id,
          kind: "post",
          original_name: name,
          media_type: name.endsWith(".mp4") ? "video/mp4" : "image/jpeg",
          size: 1,
          width: null,
          height: null,
          storage_key: `home-count-${position}`,
          thumbnail_key: null,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("post_files").values({ post_id: busy, file_id: file.id, position }).execute();
    }
    for (let n = 0; n < 5; n++) await addComment(busy, n % 2 ? friend.id : member.id, `Comment ${n}`);
    await addComment(talked, member.id, "Nice");

    const shown = (await homeOf(member)).posts;
    expect(shown.map(({ id, files, comments }) => ({ id, files, comments }))).toEqual([
      { id: talked, files: 0, comments: 1 },
      { id: busy, files: 3, comments: 5 },
      { id: quiet, files: 0, comments: 0 },
    ]);
    // The same counts as the timeline's cards.
    const timeline = (await listPosts(member.id)).posts;
    expect(timeline.map((item) => ({ id: item.id, files: item.files.length, comments: item.commentCount }))).toEqual(
      shown.map(({ id, files, comments }) => ({ id, files, comments })),
    );
  });

  test("a long post is cut short on the home page", async () => {
    const member = await createSignedInMember();
    await post(member, "x".repeat(500), "public");
    const [shown] = (await homeOf(member)).posts;
    expect(shown.message.length).toBeLessThan(250);
    expect(shown.message.endsWith("…")).toBe(true);
  });

  test("your contacts: the member's own count", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const contact = (ownerId: number, name: string) => createContact(ownerId, { name, email: null, phone: null } as Parameters<typeof createContact>[1]);
    await contact(member.id, "Ada");
    await contact(member.id, "Bob");
    await contact(other.id, "Cy");
    expect((await homeOf(member)).contacts).toBe(2);
    expect((await homeOf(other)).contacts).toBe(1);
  });

  test("a visitor is sent to sign in", async () => {
    const response = await settle(() => home(routeArgs(getRequest("/user"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser");
  });
});
