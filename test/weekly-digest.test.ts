import { describe, expect, test } from "vitest";
import { digestFor, digestText, dueWeek, sendWeeklyDigests } from "~/features/digest/digest.server";
import { memberOfToken, unsubscribeLink, unsubscribeToken } from "~/features/digest/subscription.server";
import { db, nowIso } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/accounts/digest.unsubscribe.$token";
import { action as settingsAction, loader as settingsLoader } from "~/routes/settings/user.settings.notifications";
import { clubSends, DAY_MS, nextMondayNoon } from "./digest-fixtures";
import { createEvent } from "./event-fixtures";
import { befriend, createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

async function post(author: TestMember, message: string, privacy: "public" | "friends" | "private") {
  const now = nowIso();
  await db.insertInto("posts").values({ author_id: author.id, message, privacy, created_at: now, updated_at: now }).execute();
}

async function referral(giver: TestMember, receiver: TestMember, name: string, ownNeed = 0) {
  const now = nowIso();
  await db
    .insertInto("referrals")
    .values({
      giver_id: giver.id,
      receiver_id: receiver.id,
      name,
      need: "Office cleaning every week",
      warmth: 3,
      own_need: ownNeed,
      status: "new",
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

async function digestsIn() {
  return (await listOutbox()).filter((mail) => mail.subject === "This week at Harbour Chapter");
}

describe("the weekly digest's content", () => {
  test("tells what the member may see: new members, the next two weeks, friends' posts, referrals waiting", async () => {
    const monday = nextMondayNoon();
    const ada = await createSignedInMember({ name: "Ada Reader" });
    const friend = await createSignedInMember({ name: "Femi Friend" });
    const stranger = await createSignedInMember({ name: "Sam Stranger" });
    const gone = await createSignedInMember({ name: "Dora Disabled" });
    const unlisted = await createSignedInMember({ name: "Una Unlisted" });
    await db.updateTable("users").set({ in_directory: 0 }).where("id", "=", unlisted.id).execute();
    await db.updateTable("users").set({ disabled_at: nowIso(), business: null }).where("id", "=", gone.id).execute();
    await db.updateTable("users").set({ business: "Friend Foods" }).where("id", "=", friend.id).execute();
    await befriend(ada, friend);
    await post(friend, "Our new shop opens on Friday", "public");
    await post(friend, "Friends only: a discount code", "friends");
    await post(friend, "A private note", "private");
    await post(stranger, "A stranger's public post", "public");
    const soon = new Date(monday.getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
    const later = new Date(monday.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
    await createEvent(stranger.id, {
      title: "Founders' breakfast",
      starts_at: `${soon}T08:00`,
      ends_at: `${soon}T10:00`,
      starts_at_utc: `${soon}T08:00:00.000Z`,
      ends_at_utc: `${soon}T10:00:00.000Z`,
    });
    await createEvent(stranger.id, {
      title: "Next month's gala",
      starts_at: `${later}T19:00`,
      ends_at: `${later}T23:00`,
      starts_at_utc: `${later}T19:00:00.000Z`,
      ends_at_utc: `${later}T23:00:00.000Z`,
    });
    await referral(friend, ada, "Grace Hopper");
    await referral(friend, ada, "Femi Friend", 1);
    await referral(ada, friend, "Not for Ada");
    await clubSends("monday");

    const digest = await digestFor(ada.id, new Date(monday.getTime() - 7 * DAY_MS).toISOString(), monday);
    const shown = Object.fromEntries(digest.sections.map((part) => [part.heading, part.items.map((item) => item.text)]));
    expect(Object.keys(shown)).toEqual(["New members", "Coming up", "From your friends", "Referrals waiting for you"]);
    expect(shown["New members"]).toEqual(["Femi Friend, Friend Foods, entrepreneur", "Sam Stranger, entrepreneur"]);
    expect(shown["Coming up"]).toHaveLength(1);
    expect(shown["Coming up"][0]).toMatch(/^Founders' breakfast, \w{3} \d{1,2} \w{3} \d{4}, 08:00 \(UTC\)$/);
    expect(shown["From your friends"]).toEqual(["Femi Friend: “Friends only: a discount code”", "Femi Friend: “Our new shop opens on Friday”"]);
    expect(shown["Referrals waiting for you"]).toEqual([
      "Grace Hopper, referred by Femi Friend (New): Office cleaning every week",
      "Femi Friend's own need (New): Office cleaning every week",
    ]);

    const text = digestText(digest, {
      name: "Ada Reader",
      club: "Harbour Chapter",
      origin: "https://club.example.org",
      unsubscribe: "https://club.example.org/digest/unsubscribe/x",
      dayLabel: "Monday",
    });
    expect(text).toContain("Hello Ada Reader,");
    expect(text).toContain(`  https://club.example.org/user/members/${friend.id}`);
    expect(text).toContain("You get this e-mail every Monday. To stop it, open this link:\nhttps://club.example.org/digest/unsubscribe/x");
    expect(text).not.toContain("private");
  });

  test("a member with nothing new has an empty digest", async () => {
    const ada = await createSignedInMember();
    await clubSends("monday");
    expect((await digestFor(ada.id, new Date(Date.now() + DAY_MS).toISOString(), new Date(Date.now() + 60 * DAY_MS))).sections).toEqual([]);
  });
});

describe("sending the weekly digest", () => {
  test("is due on the club's day from 08:00 on the club's clock", () => {
    const monday = nextMondayNoon();
    expect(dueWeek("monday", "UTC", monday)).toBe(monday.toISOString().slice(0, 10));
    expect(dueWeek("monday", "UTC", new Date(monday.getTime() - 5 * 60 * 60 * 1000))).toBeNull(); // 07:00
    expect(dueWeek("tuesday", "UTC", monday)).toBeNull();
    expect(dueWeek("off", "UTC", monday)).toBeNull();
    // 12:00 UTC on Monday is 01:00 on Tuesday in Auckland (UTC+13 in December).
    expect(dueWeek("monday", "Pacific/Auckland", monday)).toBeNull();
    expect(dueWeek("tuesday", "Pacific/Auckland", new Date(monday.getTime() + 8 * 60 * 60 * 1000))).toBe(
      new Date(monday.getTime() + DAY_MS).toISOString().slice(0, 10),
    );
  });

  test("goes once per member and week, even with two instances at once, and not to who turned it off", async () => {
    const monday = nextMondayNoon();
    const ada = await createSignedInMember({ name: "Ada" });
    const bo = await createSignedInMember({ name: "Bo" });
    const quiet = await createSignedInMember({ name: "Quiet" });
    await db.updateTable("users").set({ weekly_digest: 0 }).where("id", "=", quiet.id).execute();
    await clubSends("monday");

    const [first, second] = await Promise.all([sendWeeklyDigests(monday), sendWeeklyDigests(monday)]);
    expect(first + second).toBe(2);
    expect(await sendWeeklyDigests(new Date(monday.getTime() + 60 * 60 * 1000))).toBe(0);
    const mails = await digestsIn();
    expect(mails.map((mail) => mail.to).sort()).toEqual([ada.email, bo.email].sort());
    const mail = mails.find((item) => item.to === ada.email)!;
    expect(mail.text).toContain("New members");
    expect(mail.text).toContain("Bo");
    expect(mail.text).toContain(unsubscribeLink("https://club.example.org", ada.id));
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${unsubscribeLink("https://club.example.org", ada.id)}>` });

    // The next week tells only what is new since this one: nothing here, so nothing is sent.
    expect(await sendWeeklyDigests(new Date(monday.getTime() + 7 * DAY_MS))).toBe(0);
    expect(await digestsIn()).toHaveLength(2);
  });

  test("is not sent on another day, before 08:00, or when the club turned it off", async () => {
    const monday = nextMondayNoon();
    await createSignedInMember();
    await createSignedInMember();
    await clubSends("tuesday");
    expect(await sendWeeklyDigests(monday)).toBe(0);
    await clubSends("monday");
    expect(await sendWeeklyDigests(new Date(monday.getTime() - 5 * 60 * 60 * 1000))).toBe(0);
    await clubSends("off");
    expect(await sendWeeklyDigests(monday)).toBe(0);
    expect(await digestsIn()).toEqual([]);
  });
});

describe("turning the digest off", () => {
  test("the e-mail's link works without signing in: opening it changes nothing, its button turns the digest off", async () => {
    const ada = await createSignedInMember({ email: "ada.reader@example.com" });
    const token = unsubscribeToken(ada.id);
    const page = await settle(() => unsubscribeLoader(routeArgs(getRequest(`/digest/unsubscribe/${token}`), { token })));
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ email: "a•••@example.com", on: true });
    expect((await db.selectFrom("users").select("weekly_digest").where("id", "=", ada.id).executeTakeFirstOrThrow()).weekly_digest).toBe(1);

    const done = await settle(() => unsubscribeAction(routeArgs(postRequest(`/digest/unsubscribe/${token}`, {}), { token })));
    expect(await done.json()).toEqual({ stopped: true });
    expect((await db.selectFrom("users").select("weekly_digest").where("id", "=", ada.id).executeTakeFirstOrThrow()).weekly_digest).toBe(0);
  });

  test("a link not made by this server, or made for another member, is 404 and changes nothing", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember();
    const forged = `${bo.id}.${unsubscribeToken(ada.id).split(".")[1]}`;
    expect(memberOfToken(unsubscribeToken(ada.id))).toBe(ada.id);
    for (const token of [forged, `${ada.id}.short`, "nonsense", `${ada.id}`, `99999999999999999999.${"a".repeat(43)}`]) {
      expect((await settle(() => unsubscribeLoader(routeArgs(getRequest(`/digest/unsubscribe/x`), { token })))).status, token).toBe(404);
      expect((await settle(() => unsubscribeAction(routeArgs(postRequest(`/digest/unsubscribe/x`, {}), { token })))).status, token).toBe(404);
    }
    const rows = await db.selectFrom("users").select("weekly_digest").where("id", "in", [ada.id, bo.id]).execute();
    expect(rows.map((row) => row.weekly_digest)).toEqual([1, 1]);
  });

  test("in Settings → Notifications, beside the notification e-mails, which it leaves as they are", async () => {
    const bo = await createSignedInMember();
    await clubSends("friday");
    const page = await settle(() => settingsLoader(routeArgs(getRequest("/user/settings/notifications", bo.cookie))));
    expect(await page.json()).toMatchObject({ weeklyDigest: true, digestDay: "Friday" });

    const off = new URLSearchParams([
      ["email_notifications", "0"],
      ["email_notifications", "1"],
      ["weekly_digest", "0"],
    ]);
    const request = (body: URLSearchParams) =>
      new Request("http://chapter.test/user/settings/notifications", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: bo.cookie },
      });
    let response = await settle(() => settingsAction(routeArgs(request(off))));
    expect(await flashOf(response)).toEqual({ type: "success", message: "The weekly digest is no longer e-mailed to you." });
    const stored = () => db.selectFrom("users").select(["email_notifications", "weekly_digest"]).where("id", "=", bo.id).executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ email_notifications: 1, weekly_digest: 0 });

    // A form without the digest's box (an older page) leaves it as it is.
    response = await settle(() => settingsAction(routeArgs(request(new URLSearchParams([["email_notifications", "0"]])))));
    expect(await flashOf(response)).toEqual({ type: "success", message: "Notifications are no longer e-mailed to you." });
    expect(await stored()).toEqual({ email_notifications: 0, weekly_digest: 0 });
  });
});
