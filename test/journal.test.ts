import type { ServerBuild } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { addDays, dayHeading, isCalendarDate, journalDateProblem, todayIn } from "~/features/journal/dates";
import { listJournalEntries } from "~/features/journal/journal.server";
import { printDay } from "~/features/journal/print-day.server";
import { csrfToken, protectActions } from "~/lib/csrf.server";
import { db } from "~/lib/db.server";
import { action as journalAction, loader as journalDialogLoader } from "~/routes/calendar/user.journal.$date";
import { loader as journalPageLoader } from "~/routes/calendar/user.journal";
import { loader as printLoader } from "~/routes/calendar/user.journal_.$date.print";
import * as specSave from "~/routes/spec/user.calendercd.savetaskreviewbeforeprintjournal";
import { loader as specShow } from "~/routes/spec/user.calendercd.showtaskreviewbeforeprintjournal";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const DAY = "2026-11-20";

type Entry = { date: string; text: string; created_at: string; updated_at: string };
type PageData = {
  today: string;
  date: string | null;
  typed: string;
  dateError: string | null;
  entry: Entry | null;
  recent: { date: string; preview: string }[];
};

async function page(member: TestMember, query = "", params: Record<string, string> = {}) {
  const response = await settle(() => journalPageLoader(routeArgs(getRequest(`/user/journal${query}`, member.cookie), params)));
  return { status: response.status, data: (await response.json()) as PageData };
}

function save(member: TestMember, date: string, fields: Record<string, string>) {
  return settle(() => journalAction(routeArgs(postRequest(`/user/journal/${date}`, { csrf: "x", ...fields }, member.cookie), { date })));
}

function dialog(member: TestMember, date: string) {
  return settle(() => journalDialogLoader(routeArgs(getRequest(`/user/journal/${date}`, member.cookie), { date })));
}

function show(member: TestMember, thisdate: string) {
  return settle(() =>
    specShow(routeArgs(getRequest(`/user/calendercd/showtaskreviewbeforeprintjournal?thisdate=${encodeURIComponent(thisdate)}`, member.cookie))),
  );
}

function specPost(member: TestMember, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = postRequest("/user/calendercd/savetaskreviewbeforeprintjournal", fields, member.cookie);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return settle(() => specSave.action(routeArgs(request)));
}

function rows(memberId: number) {
  return db.selectFrom("journal_entries").selectAll().where("member_id", "=", memberId).execute();
}

describe("journal dates", () => {
  test("only real yyyy-mm-dd dates from 1900 to 2100 are days of a journal", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-3")).toBe(false);
    expect(journalDateProblem("2026-11-31")).toBe("Enter a date as yyyy-mm-dd.");
    expect(journalDateProblem("tomorrow")).toBe("Enter a date as yyyy-mm-dd.");
    expect(journalDateProblem("1899-12-31")).toBe("Choose a date from 1900 to 2100.");
    expect(journalDateProblem("2101-01-01")).toBe("Choose a date from 1900 to 2100.");
    expect(journalDateProblem("2100-12-31")).toBeNull();
  });

  test("days step across months, years and 29 February; today is the member's own", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    const now = new Date("2026-11-25T11:00:00Z");
    expect(todayIn("UTC", now)).toBe("2026-11-25");
    expect(todayIn("Pacific/Kiritimati", now)).toBe("2026-11-26");
    expect(todayIn("Pacific/Honolulu", new Date("2026-11-25T09:00:00Z"))).toBe("2026-11-24");
    expect(dayHeading("2026-11-25")).toBe("Wednesday 25 November 2026");
  });
});

describe("journal", () => {
  test("an empty day says so; saving shows SPEC's notice and the day; editing keeps when it was created", async () => {
    const member = await createSignedInMember();
    const empty = await page(member, `?date=${DAY}`);
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ date: DAY, entry: null, dateError: null, recent: [] });
    expect(await (await dialog(member, DAY)).json()).toMatchObject({ date: DAY, entry: null });

    const refused = await save(member, DAY, { text: "   \n " });
    expect(refused.status).toBe(400);
    expect(await replyErrors(refused)).toEqual({ text: ["Write your journal before saving."] });
    const tooLong = await save(member, DAY, { text: "x".repeat(20_001) });
    expect(await replyErrors(tooLong)).toEqual({ text: ["Use at most 20,000 characters."] });
    expect(await rows(member.id)).toHaveLength(0);

    const saved = await save(member, DAY, { text: "  Met Daniel.\n\nSent the deck.  " });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/user/journal?date=${DAY}`);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Journal saved under the date 20 Nov 2026" });
    const first = (await page(member, `?date=${DAY}`)).data;
    expect(first.entry).toMatchObject({ date: DAY, text: "Met Daniel.\n\nSent the deck." });
    expect(first.entry!.created_at).toBe(first.entry!.updated_at);
    expect(first.recent.map((day) => day.date)).toEqual([DAY]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await save(member, DAY, { text: "Met Daniel and Amara." });
    expect(await flashOf(edited)).toEqual({ type: "success", message: "Journal saved under the date 20 Nov 2026" });
    const after = (await (await dialog(member, DAY)).json()) as { entry: Entry };
    expect(after.entry.text).toBe("Met Daniel and Amara.");
    expect(after.entry.created_at).toBe(first.entry!.created_at);
    expect(after.entry.updated_at > first.entry!.updated_at).toBe(true);
    expect(await rows(member.id)).toHaveLength(1);

    // The day before is still empty.
    expect((await page(member, `?date=${addDays(DAY, -1)}`)).data.entry).toBeNull();
  });

  test("the page opens on the member's today, in their time zone", async () => {
    const member = await createSignedInMember();
    await db.updateTable("users").set({ time_zone: "Pacific/Kiritimati" }).where("id", "=", member.id).execute();
    const before = todayIn("Pacific/Kiritimati");
    const { status, data } = await page(member);
    expect(status).toBe(200);
    // (Read twice around the request, in case it ran across midnight there.)
    expect([before, todayIn("Pacific/Kiritimati")]).toContain(data.today);
    expect(data.date).toBe(data.today);
    expect((await page(member, "?date=")).data.date).toBe(data.today);
  });

  test("a date that is not one is answered beside the date field, or as not found; never a 500", async () => {
    const member = await createSignedInMember();
    for (const bad of ["2026-02-30", "25/11/2026", "2200-01-01", "x".repeat(500)]) {
      const { status, data } = await page(member, `?date=${encodeURIComponent(bad)}`);
      expect(status).toBe(400);
      expect(data.date).toBeNull();
      expect(data.dateError).toMatch(/^(Enter a date as yyyy-mm-dd\.|Choose a date from 1900 to 2100\.)$/);
      expect(data.typed.length).toBeLessThanOrEqual(40);
    }
    for (const bad of ["2026-02-30", "today", "1899-01-01"]) {
      expect((await dialog(member, bad)).status).toBe(404);
      expect((await save(member, bad, { text: "Hello" })).status).toBe(404);
      expect((await settle(() => printLoader(routeArgs(getRequest(`/user/journal/${bad}/print`, member.cookie), { date: bad })))).status).toBe(404);
    }
    // Behind the dialog of such an address, today's page.
    const behind = await page(member, "", { date: "2026-02-30" });
    expect(behind.status).toBe(200);
    expect(behind.data.date).toBe(behind.data.today);
    expect(await rows(member.id)).toHaveLength(0);
  });

  test("each member has their own journal: another member sees their own empty day and never the first's text", async () => {
    const amara = await createSignedInMember();
    const daniel = await createSignedInMember();
    await save(amara, DAY, { text: "Amara's private thoughts" });

    expect((await page(daniel, `?date=${DAY}`)).data).toMatchObject({ entry: null, recent: [] });
    expect(await (await dialog(daniel, DAY)).json()).toMatchObject({ entry: null });
    expect(await (await show(daniel, DAY)).text()).toBe("new");
    const danielsPrint = (await (
      await settle(() => printLoader(routeArgs(getRequest(`/user/journal/${DAY}/print`, daniel.cookie), { date: DAY })))
    ).json()) as { day: { journal: Entry | null } };
    expect(danielsPrint.day.journal).toBeNull();

    // Daniel's save of the same day is his own entry; Amara's is untouched.
    await save(daniel, DAY, { text: "Daniel's day" });
    expect((await page(amara, `?date=${DAY}`)).data.entry?.text).toBe("Amara's private thoughts");
    expect((await page(daniel, `?date=${DAY}`)).data.entry?.text).toBe("Daniel's day");
    expect(await rows(amara.id)).toHaveLength(1);
    expect(await rows(daniel.id)).toHaveLength(1);
  });

  test("a visitor who is not signed in is sent to sign in", async () => {
    for (const run of [
      () => journalPageLoader(routeArgs(getRequest("/user/journal"))),
      () => journalDialogLoader(routeArgs(getRequest(`/user/journal/${DAY}`), { date: DAY })),
      () => journalAction(routeArgs(postRequest(`/user/journal/${DAY}`, { text: "x" }), { date: DAY })),
      () => printLoader(routeArgs(getRequest(`/user/journal/${DAY}/print`), { date: DAY })),
      () => specShow(routeArgs(getRequest(`/user/calendercd/showtaskreviewbeforeprintjournal?thisdate=${DAY}`))),
    ]) {
      const response = await settle(run);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/signin/);
    }
  });
});

describe("recent days", () => {
  test("lists the member's latest seven days, newest first, each with the start of its first line", async () => {
    const member = await createSignedInMember();
    for (let day = 1; day <= 9; day++) await save(member, `2026-10-0${day}`, { text: `Day ${day}` });
    await save(member, "2026-10-10", { text: `\n\nFirst line.\nSecond line` });
    const long = `${"word ".repeat(40)}end`;
    await save(member, "2026-10-11", { text: long });
    await save(member, "2026-10-12", { text: "x".repeat(300) });
    const { recent } = (await page(member, "?date=2026-10-01")).data;
    expect(recent.map((day) => day.date)).toEqual(["2026-10-12", "2026-10-11", "2026-10-10", "2026-10-09", "2026-10-08", "2026-10-07", "2026-10-06"]);
    expect(recent[2].preview).toBe("First line…");
    expect(recent[1].preview).toBe(`${"word ".repeat(24).trim()}…`);
    expect(recent[0].preview).toBe(`${"x".repeat(120)}…`);
    expect(recent[3].preview).toBe("Day 9");
    expect((await page(await createSignedInMember(), "?date=2026-10-01")).data.recent).toEqual([]);
  });
});

describe("the print view of a day", () => {
  test("holds the day's journal and no tasks yet; an empty day prints without a journal", async () => {
    const member = await createSignedInMember();
    await save(member, DAY, { text: "Printed words" });
    expect(await printDay(member.id, DAY)).toMatchObject({ date: DAY, tasks: [], journal: { date: DAY, text: "Printed words" } });
    expect(await printDay(member.id, addDays(DAY, 1))).toEqual({ date: addDays(DAY, 1), tasks: [], journal: null });
    const response = await settle(() => printLoader(routeArgs(getRequest(`/user/journal/${DAY}/print`, member.cookie), { date: DAY })));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ day: { date: DAY, journal: { text: "Printed words" } }, memberName: member.name });
  });
});

describe("SPEC.md §7's journal addresses", () => {
  test('showtaskreviewbeforeprintjournal answers "new", then {jornal, created_at, updated_at}', async () => {
    const member = await createSignedInMember();
    const fresh = await show(member, DAY);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await fresh.text()).toBe("new");

    await save(member, DAY, { text: "Line one\nLine two" });
    const answer = await show(member, DAY);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await answer.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["created_at", "jornal", "updated_at"]);
    expect(body.jornal).toBe("Line one\nLine two");
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

    for (const bad of ["", "2026-13-01", "0000-00-00"]) {
      const refused = await show(member, bad);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/yyyy-mm-dd|1900 to 2100/);
    }
  });

  test('savetaskreviewbeforeprintjournal saves {text_journal, jurnaldate} and answers "saved"', async () => {
    const member = await createSignedInMember();
    const answer = await specPost(member, { csrf: "x", text_journal: "From the old client", jurnaldate: DAY });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("saved");
    // A call's answer: no redirect and no notice left for the next page.
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await (await show(member, DAY)).json()).toMatchObject({ jornal: "From the old client" });

    const again = await specPost(member, { csrf: "x", text_journal: "Changed", jurnaldate: DAY }, { Accept: "text/html" });
    expect(await again.text()).toBe("saved");
    expect(await rows(member.id)).toMatchObject([{ date: DAY, text: "Changed" }]);

    const empty = await specPost(member, { csrf: "x", text_journal: "", jurnaldate: DAY });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ type: "error", message: "Write your journal before saving." });
    const badDate = await specPost(member, { csrf: "x", text_journal: "Hello", jurnaldate: "2026-02-30" });
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toEqual({ type: "error", message: "Enter a date as yyyy-mm-dd." });
    const noDate = await specPost(member, { csrf: "x", text_journal: "Hello" });
    expect(noDate.status).toBe(400);
    expect(await rows(member.id)).toMatchObject([{ date: DAY, text: "Changed" }]);

    // Opened in a browser, it is the journal page; a GET changes nothing.
    const opened = await settle(() => specSave.loader(routeArgs(getRequest("/user/calendercd/savetaskreviewbeforeprintjournal", member.cookie))));
    expect(opened.headers.get("Location")).toBe("/user/journal");
  });

  test("the save address needs the anti-forgery token, like every POST", async () => {
    const member = await createSignedInMember();
    const { token, setCookie } = await csrfToken(getRequest("/"));
    const cookie = `${member.cookie}; ${setCookie!.split(";")[0]}`;
    const build = protectActions({ routes: { journal: { id: "journal", path: "x", module: specSave } } } as unknown as ServerBuild);
    const guarded = build.routes.journal.module.action!;
    const post = (fields: Record<string, string>) =>
      settle(async () => guarded(routeArgs(postRequest("/user/calendercd/savetaskreviewbeforeprintjournal", fields, cookie)) as never) as Promise<Response>);

    const forged = await post({ text_journal: "Forged", jurnaldate: DAY });
    expect(forged.status).toBe(403);
    expect(await rows(member.id)).toHaveLength(0);
    const wrong = await post({ csrf: "not-the-token", text_journal: "Forged", jurnaldate: DAY });
    expect(wrong.status).toBe(403);
    const sent = await post({ csrf: token, text_journal: "Mine", jurnaldate: DAY });
    expect(await sent.text()).toBe("saved");
    expect(await rows(member.id)).toMatchObject([{ text: "Mine" }]);
  });
});

describe("a member's journal as a whole", () => {
  test("lists every entry of theirs, oldest day first, and nobody else's", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await save(member, "2026-11-21", { text: "Second" });
    await save(member, "2025-01-02", { text: "First" });
    await save(other, "2026-11-20", { text: "Not theirs" });
    const entries = await listJournalEntries(member.id);
    expect(entries.map((entry) => [entry.date, entry.text])).toEqual([
      ["2025-01-02", "First"],
      ["2026-11-21", "Second"],
    ]);
    expect(Object.keys(entries[0]).sort()).toEqual(["created_at", "date", "text", "updated_at"]);
    expect(await listJournalEntries(9999)).toEqual([]);
  });
});
