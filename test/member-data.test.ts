import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { createTask, markOccurrence } from "~/features/calendar/calendar.server";
import { saveJournalEntry } from "~/features/journal/journal.server";
import { createEntry } from "~/features/networth/networth.server";
import { db, nowIso } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { storage } from "~/lib/storage.server";
import { loader as exportLoader } from "~/routes/settings/user.settings.my-data[.]zip";
import { action as newPostAction } from "~/routes/timeline/user.timeline.post.new";
import { createEvent } from "./event-fixtures";
import { png, uploadRequest } from "./fixtures/files";
import { contactOf, createSignedInMember, getRequest, routeArgs, settle, type TestMember } from "./helpers";
import { taskFields } from "./calendar-fixtures";
import { unzip } from "./zip";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

async function exportOf(member: TestMember) {
  const response = await settle(() => exportLoader(routeArgs(getRequest("/user/settings/my-data.zip", member.cookie))));
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="chapter-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzip(Buffer.from(await response.arrayBuffer()));
}

async function post(member: TestMember, message: string) {
  const request = uploadRequest(
    "/user/timeline/post/new",
    { name: "harbour.png", content: await png(), type: "image/png" },
    {
      cookie: member.cookie,
      field: "attachments",
      fields: { csrf: "x", message, privacy: "friends" },
    },
  );
  const response = await settle(() => newPostAction(routeArgs(request)));
  expect(response.status, await response.clone().text()).toBe(302);
  return db.selectFrom("posts").select("id").where("author_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
}

describe("a member's own data export", () => {
  test("one zip: contacts as CSV and vCard, events and tickets as .ics, posts with their files, the rest as JSON; nobody else's", async () => {
    const ada = await createSignedInMember({ name: "Ada Export" });
    const bob = await createSignedInMember({ name: "Bob Other" });
    await contactOf(ada, { name: "Grace Hopper", email: "grace@example.com" });
    await contactOf(bob, { name: "Bob's Secret Contact" });
    await createEvent(ada.id, { title: "Ada's Salon" });
    const bobsEvent = await createEvent(bob.id, { title: "Bob's Gala" });
    await createEvent(bob.id, { title: "Bob's Private Dinner" });
    await db
      .insertInto("tickets")
      .values({
        event_id: bobsEvent,
        ticket_type: "general",
        code: "ADA-TICKET-1",
        holder_id: ada.id,
        amount_cents: 0,
        status: "issued",
        created_at: nowIso(),
        issued_at: nowIso(),
      })
      .execute();
    const adaPost = await post(ada, "Ada's harbour walk");
    await post(bob, "Bob's secret post");
    await db.insertInto("comments").values({ post_id: adaPost.id, author_id: ada.id, message: "Ada's own comment", created_at: nowIso() }).execute();
    await db.insertInto("comments").values({ post_id: adaPost.id, author_id: bob.id, message: "Bob's comment", created_at: nowIso() }).execute();
    await db.insertInto("post_reactions").values({ post_id: adaPost.id, member_id: ada.id, kind: "celebrate", created_at: nowIso() }).execute();
    await db.insertInto("post_reactions").values({ post_id: adaPost.id, member_id: bob.id, kind: "like", created_at: nowIso() }).execute();
    await db
      .insertInto("wish_list_items")
      .values({ member_id: ada.id, title: "A sailing boat", type: "have", target_year: 2030, currency: "USD", created_at: nowIso(), updated_at: nowIso() })
      .execute();
    await saveJournalEntry(ada.id, "2026-03-04", "Met the harbour board.");
    const adaTask = await createTask(ada.id, taskFields({ title: "Harbour board review", category: "Board" }), "Europe/Lisbon");
    await markOccurrence(ada.id, adaTask, "2026-11-24", "completed");
    await createTask(bob.id, taskFields({ title: "Bob's secret meeting" }), "UTC");
    await saveJournalEntry(bob.id, "2026-03-04", "Bob's secret journal");
    await createEntry(ada.id, { title: "Harbour flat", type: "property", year: 2026, q1: 25_000_000, q2: null, q3: null, q4: null });
    await createEntry(bob.id, { title: "Bob's secret savings", type: "cash", year: 2026, q1: 100, q2: null, q3: null, q4: null });

    const entries = await exportOf(ada);
    const text = (path: string) => {
      expect(entries.has(path), `${path} in ${[...entries.keys()].join(", ")}`).toBe(true);
      return entries.get(path)!.toString("utf8");
    };

    expect(text("contacts/contacts.csv")).toContain("Grace Hopper,grace@example.com");
    expect(text("contacts/contacts.vcf")).toContain("FN:Grace Hopper");
    expect(text("events/events.ics")).toContain("SUMMARY:Ada's Salon");
    expect(text("tickets/tickets.ics")).toContain("SUMMARY:Bob's Gala (General ticket ADA-TICKET-1)");
    const posts = JSON.parse(text("timeline/posts.json")) as { message: string; files: string[] }[];
    expect(posts.map((each) => each.message)).toEqual(["Ada's harbour walk"]);
    expect(posts[0].files).toHaveLength(1);
    // The post's photo is in the zip where the post says, a real PNG.
    expect(entries.get(posts[0].files[0])?.subarray(1, 4).toString()).toBe("PNG");
    expect((JSON.parse(text("timeline/comments.json")) as { message: string }[]).map((each) => each.message)).toEqual(["Ada's own comment"]);
    expect(JSON.parse(text("timeline/reactions.json"))).toMatchObject({ posts: [{ post_id: adaPost.id, member_id: ada.id, kind: "celebrate" }], comments: [] });
    expect(JSON.parse(text("planning/planning.json")).wish_list[0]).toMatchObject({ title: "A sailing boat" });
    const calendar = JSON.parse(text("calendar/calendar.json")) as {
      categories: string[];
      tasks: Record<string, unknown>[];
      occurrences: Record<string, unknown>[];
    };
    expect(calendar.categories).toEqual(["Board"]);
    expect(calendar.tasks).toMatchObject([{ id: adaTask, title: "Harbour board review", recurrence: "daily", time_zone: "Europe/Lisbon" }]);
    expect(calendar.occurrences).toMatchObject([{ task_id: adaTask, date: "2026-11-24", status: "completed" }]);
    expect(JSON.parse(text("journal/journal.json"))).toMatchObject([{ date: "2026-03-04", text: "Met the harbour board." }]);
    expect(JSON.parse(text("net-worth/net-worth.json"))).toMatchObject({ currency: "USD", entries: [{ title: "Harbour flat", q1_cents: 25_000_000 }] });
    const account = JSON.parse(text("account/account.json")) as { account: Record<string, unknown> };
    expect(account.account).toMatchObject({ name: "Ada Export", email: ada.email });
    expect(account.account).not.toHaveProperty("password_hash");

    // Nothing of Bob's but the event name on Ada's own ticket.
    const everything = [...entries.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    for (const theirs of [
      "Bob's Secret Contact",
      "Bob's secret post",
      "Bob's secret journal",
      "Bob's secret meeting",
      "Bob's secret savings",
      "Bob's comment",
      "Bob's Private Dinner",
      bob.email,
    ]) {
      expect(everything).not.toContain(theirs);
    }
    const bobsFiles = await db.selectFrom("files").select("original_name").where("owner_id", "=", bob.id).execute();
    expect(bobsFiles).toHaveLength(1);
    expect([...entries.keys()].filter((path) => path.startsWith("files/"))).toHaveLength(2); // Ada's photo and the index
  });

  test("a file lost from storage is listed as missing, and the rest still downloads", async () => {
    const member = await createSignedInMember();
    await post(member, "Two photos, one lost");
    await post(member, "The other one");
    const [lost] = await db.selectFrom("files").select(["id", "storage_key"]).where("owner_id", "=", member.id).orderBy("id").execute();
    await storage().remove(lost.storage_key);
    const entries = await exportOf(member);
    const index = JSON.parse(entries.get("files/index.json")!.toString()) as { id: number; path: string | null; missing?: boolean }[];
    expect(index.map((file) => [file.id === lost.id, file.path === null, file.missing ?? false])).toEqual([
      [true, true, true],
      [false, false, false],
    ]);
    expect(entries.get(index[1].path!)?.subarray(1, 4).toString()).toBe("PNG");
  });

  test("a member with nothing yet still gets a complete zip; without signing in, the sign-in page", async () => {
    const member = await createSignedInMember();
    const entries = await exportOf(member);
    expect(entries.get("contacts/contacts.csv")?.toString()).toMatch(/^Name,E-mail/);
    expect(JSON.parse(entries.get("timeline/posts.json")!.toString())).toEqual([]);
    expect(entries.has("README.txt")).toBe(true);

    const anonymous = await settle(() => exportLoader(routeArgs(getRequest("/user/settings/my-data.zip"))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/signin/);
  });
});
