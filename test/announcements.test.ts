import { describe, expect, test } from "vitest";
import { createAnnouncement, currentAnnouncements, listAnnouncements } from "~/features/announcements/announcements.server";
import { db } from "~/lib/db.server";
import { loader as root } from "~/root";
import { action as removeAnnouncement, loader as confirmRemove } from "~/routes/admin/user.admin.ticker.$announcementId.remove";
import { action as newAnnouncement, loader as newAnnouncementForm } from "~/routes/admin/user.admin.ticker.new";
import { loader as ticker } from "~/routes/admin/user.admin.ticker";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const HOUR = 3_600_000;

function iso(ms: number) {
  return new Date(Date.now() + ms).toISOString();
}

async function post(admin: TestMember, fields: Record<string, string>) {
  return settle(() => newAnnouncement(routeArgs(postRequest("/user/admin/ticker/new", fields, admin.cookie))));
}

async function rootAnnouncements(cookie?: string) {
  const response = await settle(() => root(routeArgs(getRequest("/user", cookie))));
  expect(response.status).toBe(200);
  return ((await response.json()) as { announcements: { message: string; link_url: string | null }[] }).announcements;
}

async function adminAndMember() {
  const admin = await createSignedInMember({ name: "Ada Admin" });
  const member = await createSignedInMember({ name: "Mo Member" });
  return { admin, member };
}

describe("who may manage the ticker", () => {
  test("a plain member gets 404 from every ticker page and action, and nothing changes", async () => {
    const { admin, member } = await adminAndMember();
    const id = await createAnnouncement({ message: "Keep me", linkUrl: null }, admin.id);
    const removePath = `/user/admin/ticker/${id}/remove`;

    const answers = [
      await settle(() => ticker(routeArgs(getRequest("/user/admin/ticker", member.cookie)))),
      await settle(() => newAnnouncementForm(routeArgs(getRequest("/user/admin/ticker/new", member.cookie)))),
      await post(member, { message: "Hijacked" }),
      await settle(() => confirmRemove(routeArgs(getRequest(removePath, member.cookie), { announcementId: String(id) }))),
      await settle(() => removeAnnouncement(routeArgs(postRequest(removePath, {}, member.cookie), { announcementId: String(id) }))),
    ];
    expect(answers.map((response) => response.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await db.selectFrom("announcements").select("message").execute()).map((row) => row.message)).toEqual(["Keep me"]);
  });

  test("a visitor is sent to sign in", async () => {
    const response = await settle(() => ticker(routeArgs(getRequest("/user/admin/ticker"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser%2Fadmin%2Fticker");
    const posted = await settle(() => newAnnouncement(routeArgs(postRequest("/user/admin/ticker/new", { message: "Hi" }))));
    expect(posted.status).toBe(302);
    expect(await db.selectFrom("announcements").select("id").execute()).toEqual([]);
  });
});

describe("writing an announcement", () => {
  test("the admin's announcement shows at once, with its link, and is listed as current", async () => {
    const { admin, member } = await adminAndMember();
    const form = await settle(() => newAnnouncementForm(routeArgs(getRequest("/user/admin/ticker/new", admin.cookie))));
    expect(form.status).toBe(200);
    const { now } = (await form.json()) as { now: string };
    expect(now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    const response = await post(admin, { message: "  Annual  dinner\non Friday ", linkUrl: "/user/events", startsAt: now });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/admin/ticker");
    expect(await flashOf(response)).toEqual({ type: "success", message: "The announcement is on the ticker." });

    expect(await rootAnnouncements(member.cookie)).toEqual([expect.objectContaining({ message: "Annual dinner on Friday", link_url: "/user/events" })]);
    const list = await settle(() => ticker(routeArgs(getRequest("/user/admin/ticker", admin.cookie))));
    const { announcements } = (await list.json()) as { announcements: { message: string; status: string; created_by_name: string; ends_at: null }[] };
    expect(announcements).toEqual([
      expect.objectContaining({ message: "Annual dinner on Friday", status: "current", created_by_name: "Ada Admin", ends_at: null }),
    ]);
  });

  test("an empty start means now, and an https link is kept", async () => {
    const { admin, member } = await adminAndMember();
    const before = new Date().toISOString();
    const response = await post(admin, { message: "Read the newsletter", linkUrl: "https://example.com/news?id=1", startsAt: "", endsAt: "" });
    expect(response.status).toBe(302);
    const [row] = await db.selectFrom("announcements").selectAll().execute();
    expect(row.starts_at >= before && row.starts_at <= new Date().toISOString()).toBe(true);
    expect(row).toMatchObject({ link_url: "https://example.com/news?id=1", ends_at: null, created_by: admin.id });
    expect((await rootAnnouncements(member.cookie)).map((a) => a.message)).toEqual(["Read the newsletter"]);
  });

  test("start and end are read as UTC and stored as ISO instants", async () => {
    const { admin } = await adminAndMember();
    const response = await post(admin, { message: "Conference", startsAt: "2099-03-01T09:30", endsAt: "2099-03-02T18:00" });
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "The announcement is scheduled." });
    const [row] = await db.selectFrom("announcements").select(["starts_at", "ends_at"]).execute();
    expect(row).toEqual({ starts_at: "2099-03-01T09:30:00.000Z", ends_at: "2099-03-02T18:00:00.000Z" });
  });

  test.each([
    [{ message: "" }, "message", "Write the announcement."],
    [{ message: "   " }, "message", "Write the announcement."],
    [{ message: "x".repeat(281) }, "message", "Use at most 280 characters."],
    [
      { message: "Hi", linkUrl: "javascript:alert(1)" },
      "linkUrl",
      "Enter a web address starting with http:// or https://, or a path on this site starting with /.",
    ],
    [
      { message: "Hi", linkUrl: "//evil.example/x" },
      "linkUrl",
      "Enter a web address starting with http:// or https://, or a path on this site starting with /.",
    ],
    [
      { message: "Hi", linkUrl: "ftp://example.com/file" },
      "linkUrl",
      "Enter a web address starting with http:// or https://, or a path on this site starting with /.",
    ],
    [{ message: "Hi", linkUrl: "http:events" }, "linkUrl", "Enter a web address starting with http:// or https://, or a path on this site starting with /."],
    [{ message: "Hi", linkUrl: "events" }, "linkUrl", "Enter a web address starting with http:// or https://, or a path on this site starting with /."],
    [{ message: "Hi", startsAt: "tomorrow" }, "startsAt", "Enter the start as a date and time."],
    [{ message: "Hi", startsAt: "2099-02-30T10:00" }, "startsAt", "Enter the start as a date and time."],
    [{ message: "Hi", endsAt: "2099-13-01T10:00" }, "endsAt", "Enter the end as a date and time."],
    [{ message: "Hi", startsAt: "2099-03-01T10:00", endsAt: "2099-03-01T10:00" }, "endsAt", "The end must be after the start."],
    [{ message: "Hi", startsAt: "2099-03-01T10:00", endsAt: "2099-02-01T10:00" }, "endsAt", "The end must be after the start."],
    [{ message: "Hi", startsAt: "2001-03-01T10:00", endsAt: "2001-03-02T10:00" }, "endsAt", "The end must be in the future."],
  ])("refuses %j with a message next to %s", async (fields, field, message) => {
    const admin = await createSignedInMember();
    const response = await post(admin, fields);
    expect(response.status).toBe(400);
    const errors = await replyErrors(response);
    expect(errors[field]).toEqual([message]);
    expect(await db.selectFrom("announcements").select("id").execute()).toEqual([]);
  });

  test("shows every mistake at once", async () => {
    const admin = await createSignedInMember();
    const response = await post(admin, { message: "", linkUrl: "nope", startsAt: "2099-03-01T10:00", endsAt: "2099-02-01T10:00" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({
      message: ["Write the announcement."],
      linkUrl: ["Enter a web address starting with http:// or https://, or a path on this site starting with /."],
      endsAt: ["The end must be after the start."],
    });
  });

  test("280 characters are enough", async () => {
    const admin = await createSignedInMember();
    expect((await post(admin, { message: "x".repeat(280) })).status).toBe(302);
  });

  test("February 30th does not roll over into March", async () => {
    // Date parsing would quietly accept it; the schema must not.
    const admin = await createSignedInMember();
    expect((await post(admin, { message: "Hi", startsAt: "2099-02-29T10:00" })).status).toBe(400);
    expect((await post(admin, { message: "Hi", startsAt: "2096-02-29T10:00" })).status).toBe(302);
  });
});

describe("what the ticker shows", () => {
  test("only started, unended announcements, newest first, to signed-in members only", async () => {
    const { admin, member } = await adminAndMember();
    await createAnnouncement({ message: "Older", linkUrl: null, startsAt: iso(-3 * HOUR) }, admin.id);
    await createAnnouncement({ message: "Newer", linkUrl: "https://example.com", startsAt: iso(-HOUR), endsAt: iso(HOUR) }, admin.id);
    await createAnnouncement({ message: "Tomorrow", linkUrl: null, startsAt: iso(24 * HOUR) }, admin.id);
    await createAnnouncement({ message: "Yesterday", linkUrl: null, startsAt: iso(-48 * HOUR), endsAt: iso(-24 * HOUR) }, admin.id);
    await createAnnouncement({ message: "Just ended", linkUrl: null, startsAt: iso(-HOUR), endsAt: iso(-1000) }, admin.id);

    expect((await rootAnnouncements(member.cookie)).map((a) => a.message)).toEqual(["Newer", "Older"]);
    expect((await rootAnnouncements(admin.cookie)).map((a) => a.message)).toEqual(["Newer", "Older"]);
    expect(await rootAnnouncements()).toEqual([]);

    const list = await settle(() => ticker(routeArgs(getRequest("/user/admin/ticker", admin.cookie))));
    const { announcements } = (await list.json()) as { announcements: { message: string; status: string }[] };
    expect(announcements.map((a) => [a.message, a.status])).toEqual([
      ["Newer", "current"],
      ["Older", "current"],
      ["Tomorrow", "scheduled"],
      ["Just ended", "ended"],
      ["Yesterday", "ended"],
    ]);
  });

  test("a scheduled announcement appears when its start comes, and goes when its end passes", async () => {
    const admin = await createSignedInMember();
    await createAnnouncement({ message: "Later", linkUrl: null, startsAt: iso(HOUR), endsAt: iso(2 * HOUR) }, admin.id);
    expect(await currentAnnouncements()).toEqual([]);
    expect((await currentAnnouncements(iso(HOUR + 1000))).map((a) => a.message)).toEqual(["Later"]);
    expect(await currentAnnouncements(iso(2 * HOUR))).toEqual([]);
  });

  test("shows at most ten", async () => {
    const admin = await createSignedInMember();
    for (let i = 1; i <= 12; i += 1) {
      await createAnnouncement({ message: `News ${i}`, linkUrl: null, startsAt: iso(-i * 60_000) }, admin.id);
    }
    const shown = await currentAnnouncements();
    expect(shown).toHaveLength(10);
    expect(shown[0].message).toBe("News 1");
    expect(shown[9].message).toBe("News 10");
    expect(await listAnnouncements()).toHaveLength(12);
  });
});

describe("removing an announcement", () => {
  test("the confirm dialog names it; confirming deletes it and it leaves the ticker", async () => {
    const { admin, member } = await adminAndMember();
    const id = await createAnnouncement({ message: "Going away", linkUrl: null }, admin.id);
    const keep = await createAnnouncement({ message: "Staying", linkUrl: null }, admin.id);
    const path = `/user/admin/ticker/${id}/remove`;

    const confirm = await settle(() => confirmRemove(routeArgs(getRequest(path, admin.cookie), { announcementId: String(id) })));
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ message: "Going away" });

    const response = await settle(() => removeAnnouncement(routeArgs(postRequest(path, {}, admin.cookie), { announcementId: String(id) })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/admin/ticker");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Announcement deleted." });
    expect((await rootAnnouncements(member.cookie)).map((a) => a.message)).toEqual(["Staying"]);
    expect((await db.selectFrom("announcements").select("id").execute()).map((row) => row.id)).toEqual([keep]);

    const again = await settle(() => removeAnnouncement(routeArgs(postRequest(path, {}, admin.cookie), { announcementId: String(id) })));
    expect(again.status).toBe(404);
  });

  test.each(["0", "abc", "1.5", "-1", "99999999999", "1e3"])("answers 404, not 500, for the id %j", async (announcementId) => {
    const admin = await createSignedInMember();
    const path = `/user/admin/ticker/${announcementId}/remove`;
    expect((await settle(() => confirmRemove(routeArgs(getRequest(path, admin.cookie), { announcementId })))).status).toBe(404);
    expect((await settle(() => removeAnnouncement(routeArgs(postRequest(path, {}, admin.cookie), { announcementId })))).status).toBe(404);
  });
});
