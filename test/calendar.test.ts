import { describe, expect, test } from "vitest";
import { createTask, markOccurrence, occurrencesBetween } from "~/features/calendar/calendar.server";
import { shownOccurrence, shownOccurrences } from "~/features/calendar/shown.server";
import { db } from "~/lib/db.server";
import { loader as pageLoader } from "~/routes/calendar/user.calendar";
import * as newTask from "~/routes/calendar/user.calendar.new";
import * as cancelOccurrence from "~/routes/calendar/user.calendar.occurrences.$occurrenceId.cancel";
import * as completeOccurrence from "~/routes/calendar/user.calendar.occurrences.$occurrenceId.complete";
import { loader as taskViewLoader } from "~/routes/calendar/user.calendar.tasks.$taskId";
import * as deleteTaskRoute from "~/routes/calendar/user.calendar.tasks.$taskId_.delete";
import * as editTask from "~/routes/calendar/user.calendar.tasks.$taskId_.edit";
import { loader as homeLoader } from "~/routes/home/user._index";
import { loader as printLoader } from "~/routes/calendar/user.journal_.$date.print";
import { createdLongAgo, taskFields } from "./calendar-fixtures";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const TASK = {
  csrf: "x",
  kind: "task",
  title: "Team review",
  category: "other",
  new_category: "Work",
  recurrence: "weekly",
  start_date: "2030-01-07",
  start_time: "09:00",
  end_time: "09:45",
  ends: "after",
  occurrence_count: "4",
  priority: "8",
  alert: "1",
  place: "ignored for a task",
};

function post(path: string, fields: Record<string, string>, member: TestMember, extra: [string, string][] = []) {
  const body = new URLSearchParams(fields);
  for (const [name, value] of extra) body.append(name, value);
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: member.cookie } });
}

async function json<T = Record<string, unknown>>(response: Response) {
  return (await response.json()) as T;
}

function tasksOf(memberId: number) {
  return db.selectFrom("calendar_tasks").selectAll().where("member_id", "=", memberId).execute();
}

describe("task form", () => {
  test("creates a weekly task on the chosen weekdays, keeps the new category, ignores the appointment's fields", async () => {
    const member = await createSignedInMember();
    const response = await settle(() =>
      newTask.action(
        routeArgs(
          post("/user/calendar/new?view=month&date=2030-01-01", TASK, member, [
            ["weekdays", "MO"],
            ["weekdays", "WE"],
          ]),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/calendar?view=month&date=2030-01-07");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Team review has been added to your calendar." });
    const [task] = await tasksOf(member.id);
    expect(task).toMatchObject({
      kind: "task",
      category: "Work",
      recurrence: "weekly",
      weekdays: "MO,WE",
      occurrence_count: 4,
      until_date: null,
      priority: 8,
      alert: 1,
      place: null,
      time_zone: "UTC",
    });
    const form = await json<{ categories: string[]; defaults: Record<string, string> }>(
      await settle(() => newTask.loader(routeArgs(getRequest("/user/calendar/new?on=2030-02-03&kind=appointment", member.cookie)))),
    );
    expect(form.categories).toEqual(["Work"]);
    expect(form.defaults).toMatchObject({ kind: "appointment", start_date: "2030-02-03" });

    const page = await json<{ occurrences: { title: string; start: string; status: string }[] }>(
      await settle(() => pageLoader(routeArgs(getRequest("/user/calendar?view=month&date=2030-01-01", member.cookie)))),
    );
    expect(page.occurrences.map((o) => o.start)).toEqual(["2030-01-07T09:00", "2030-01-09T09:00", "2030-01-14T09:00", "2030-01-16T09:00"]);
    expect(page.occurrences[0].status).toBe("pending");
  });

  test("an appointment keeps place, person and description and drops the task's fields", async () => {
    const member = await createSignedInMember();
    const fields = { ...TASK, kind: "appointment", title: "Dentist", place: "Clinic", person: "Dr Okafor", description: "Check-up" };
    expect((await settle(() => newTask.action(routeArgs(post("/user/calendar/new", fields, member))))).status).toBe(302);
    const [task] = await tasksOf(member.id);
    expect(task).toMatchObject({
      kind: "appointment",
      category: null,
      recurrence: "none",
      occurrence_count: null,
      place: "Clinic",
      person: "Dr Okafor",
      description: "Check-up",
    });
  });

  test("an appointment is a moment: its end fields are ignored, its end is its start (SPEC.md §4)", async () => {
    const member = await createSignedInMember();
    const fields = { ...TASK, kind: "appointment", title: "Dentist", start_time: "14:00", end_time: "09:00", end_date: "2030-01-09" };
    expect((await settle(() => newTask.action(routeArgs(post("/user/calendar/new", fields, member))))).status).toBe(302);
    const [task] = await tasksOf(member.id);
    expect(task).toMatchObject({ kind: "appointment", start_time: "14:00", end_time: "14:00", end_date: null });
    const view = await json<{ task: { recurrenceWords: string }; occurrences: { start: string; end: string }[] }>(
      await settle(() => taskViewLoader(routeArgs(getRequest(`/user/calendar/tasks/${task.id}`, member.cookie), { taskId: String(task.id) }))),
    );
    expect(view.occurrences).toMatchObject([{ start: "2030-01-07T14:00", end: "2030-01-07T14:00" }]);
  });

  test("a task may end on a later day than it starts (a two-day fair), never before", async () => {
    const member = await createSignedInMember();
    const fair = { ...TASK, title: "Trade fair", recurrence: "none", start_date: "2030-03-14", start_time: "09:00", end_date: "2030-03-15", end_time: "08:00" };
    expect((await settle(() => newTask.action(routeArgs(post("/user/calendar/new", fair, member))))).status).toBe(302);
    const [task] = await tasksOf(member.id);
    expect(task).toMatchObject({ start_date: "2030-03-14", end_date: "2030-03-15", end_time: "08:00" });
    const page = await json<{ occurrences: { title: string; start: string; end: string }[] }>(
      await settle(() => pageLoader(routeArgs(getRequest("/user/calendar?view=week&date=2030-03-14", member.cookie)))),
    );
    expect(page.occurrences).toMatchObject([{ title: "Trade fair", start: "2030-03-14T09:00", end: "2030-03-15T08:00" }]);
    const form = await json<{ defaults: Record<string, unknown> }>(
      await settle(() => editTask.loader(routeArgs(getRequest(`/user/calendar/tasks/${task.id}/edit`, member.cookie), { taskId: String(task.id) }))),
    );
    expect(form.defaults).toMatchObject({ start_date: "2030-03-14", end_date: "2030-03-15", end_time: "08:00" });
    // The same day keeps no end date; an end date before the start is refused beside its field.
    const sameDay = await settle(() =>
      editTask.action(
        routeArgs(post(`/user/calendar/tasks/${task.id}/edit`, { ...fair, end_date: "2030-03-14", end_time: "17:00" }, member), { taskId: String(task.id) }),
      ),
    );
    expect(sameDay.status).toBe(302);
    expect((await tasksOf(member.id))[0]).toMatchObject({ end_date: null, end_time: "17:00" });
    const before = await settle(() => newTask.action(routeArgs(post("/user/calendar/new", { ...fair, end_date: "2030-03-13" }, member))));
    expect(await replyErrors(before)).toEqual({ end_date: ["The end date must be on or after the start date."] });
  });

  test("bad input is answered beside each field, nothing saved", async () => {
    const member = await createSignedInMember();
    const bad = {
      ...TASK,
      title: " ",
      new_category: "",
      start_date: "2030-02-30",
      start_time: "09:03",
      end_time: "08:00",
      priority: "11",
      occurrence_count: "0",
    };
    const response = await settle(() => newTask.action(routeArgs(post("/user/calendar/new", bad, member))));
    expect(response.status).toBe(400);
    const errors = await replyErrors(response);
    expect(errors.title).toEqual(["Enter a title."]);
    expect(errors.start_date).toEqual(["Enter a date as yyyy-mm-dd."]);
    expect(errors.start_time).toEqual(["Enter a time as hh:mm in 5-minute steps."]);
    expect(errors.priority).toEqual(["Choose a priority from 1 to 10."]);
    expect(errors.occurrence_count).toEqual(["Enter a number of occurrences from 1 to 500."]);
    const order = await settle(() =>
      newTask.action(routeArgs(post("/user/calendar/new", { ...TASK, end_time: "08:00", ends: "on", until_date: "2029-12-31" }, member))),
    );
    expect(await replyErrors(order)).toEqual({
      end_time: ["The end time must be after the start time."],
      until_date: ["The series must end on or after its start date."],
    });
    const other = await settle(() => newTask.action(routeArgs(post("/user/calendar/new", { ...TASK, new_category: "" }, member))));
    expect(await replyErrors(other)).toEqual({ new_category: ["Enter the new category."] });
    expect(await tasksOf(member.id)).toEqual([]);
  });
});

describe("task view, complete, cancel, edit, delete", () => {
  test("the tracking list with its counts; complete and cancel one; edit the group", async () => {
    const member = await createSignedInMember();
    const id = await createTask(member.id, taskFields({ start_date: "2020-01-06", occurrence_count: 3, title: "Old daily" }), "UTC");
    await createdLongAgo(member.id);
    const view = await json<{ counts: Record<string, number>; occurrences: { key: string; status: string }[] }>(
      await settle(() => taskViewLoader(routeArgs(getRequest(`/user/calendar/tasks/${id}`, member.cookie), { taskId: String(id) }))),
    );
    expect(view.counts).toEqual({ completed: 0, pending: 0, due: 3 });
    const [first, second] = view.occurrences;
    expect(first.key).toBe(`${id}-2020-01-06`);

    const complete = await settle(() =>
      completeOccurrence.action(
        routeArgs(postRequest(`/user/calendar/occurrences/${first.key}/complete`, { csrf: "x", back: `/user/calendar/tasks/${id}` }, member.cookie), {
          occurrenceId: first.key,
        }),
      ),
    );
    expect(complete.headers.get("Location")).toBe(`/user/calendar/tasks/${id}`);
    expect(await flashOf(complete)).toEqual({ type: "success", message: "Congratulations, you have finished your task!" });
    const cancel = await settle(() =>
      cancelOccurrence.action(
        routeArgs(postRequest(`/user/calendar/occurrences/${second.key}/cancel`, { csrf: "x" }, member.cookie), { occurrenceId: second.key }),
      ),
    );
    expect(cancel.status).toBe(302);
    const after = await json<{ counts: Record<string, number>; occurrences: { status: string }[] }>(
      await settle(() => taskViewLoader(routeArgs(getRequest(`/user/calendar/tasks/${id}`, member.cookie), { taskId: String(id) }))),
    );
    expect(after.counts).toEqual({ completed: 1, pending: 0, due: 1 });
    expect(after.occurrences.map((o) => o.status)).toEqual(["completed", "cancelled", "missed"]);

    const edited = await settle(() =>
      editTask.action(
        routeArgs(
          post(
            `/user/calendar/tasks/${id}/edit?view=week&date=2020-01-06`,
            { ...TASK, title: "Renamed", category: "", recurrence: "daily", start_date: "2020-01-06" },
            member,
          ),
          { taskId: String(id) },
        ),
      ),
    );
    expect(edited.headers.get("Location")).toBe(`/user/calendar/tasks/${id}?view=week&date=2020-01-06`);
    expect(await flashOf(edited)).toEqual({ type: "success", message: "Task edited successfully." });
    expect((await tasksOf(member.id))[0]).toMatchObject({ title: "Renamed", recurrence: "daily", occurrence_count: 4 });
    const form = await json<{ defaults: Record<string, unknown> }>(
      await settle(() => editTask.loader(routeArgs(getRequest(`/user/calendar/tasks/${id}/edit`, member.cookie), { taskId: String(id) }))),
    );
    expect(form.defaults).toMatchObject({ title: "Renamed", ends: "after", occurrence_count: "4", alert: "1" });
  });

  test("deleting a group with completed occurrences asks a second time", async () => {
    const member = await createSignedInMember();
    const id = await createTask(member.id, taskFields(), "UTC");
    await markOccurrence(member.id, id, "2026-11-23", "completed");
    const first = await settle(() =>
      deleteTaskRoute.action(
        routeArgs(postRequest(`/user/calendar/tasks/${id}/delete?view=day&date=2026-11-23`, { csrf: "x" }, member.cookie), { taskId: String(id) }),
      ),
    );
    expect(first.headers.get("Location")).toBe(`/user/calendar/tasks/${id}/delete?view=day&date=2026-11-23&again=1`);
    expect(await tasksOf(member.id)).toHaveLength(1);
    const question = await json(
      await settle(() => deleteTaskRoute.loader(routeArgs(getRequest(`/user/calendar/tasks/${id}/delete?again=1`, member.cookie), { taskId: String(id) }))),
    );
    expect(question).toEqual({ title: "Stand-up", completed: 1, again: true, occurrenceDate: null });
    const second = await settle(() =>
      deleteTaskRoute.action(
        routeArgs(postRequest(`/user/calendar/tasks/${id}/delete?view=day&date=2026-11-23&again=1`, { csrf: "x", again: "1" }, member.cookie), {
          taskId: String(id),
        }),
      ),
    );
    expect(second.headers.get("Location")).toBe("/user/calendar?view=day&date=2026-11-23");
    expect(await tasksOf(member.id)).toEqual([]);

    const plain = await createTask(member.id, taskFields(), "UTC");
    const once = await settle(() =>
      deleteTaskRoute.action(routeArgs(postRequest(`/user/calendar/tasks/${plain}/delete`, { csrf: "x" }, member.cookie), { taskId: String(plain) })),
    );
    expect(await flashOf(once)).toEqual({ type: "success", message: "Stand-up has been deleted from your calendar." });
    expect(await tasksOf(member.id)).toEqual([]);
  });

  test("deleting from one occurrence asks which: that occurrence alone, or the whole series", async () => {
    const member = await createSignedInMember();
    const id = await createTask(member.id, taskFields(), "UTC");
    await markOccurrence(member.id, id, "2026-11-23", "completed");
    await markOccurrence(member.id, id, "2026-11-24", "completed");
    const key = `${id}-2026-11-24`;
    const address = `/user/calendar/tasks/${id}/delete?view=day&date=2026-11-24&occurrence=${key}`;
    const question = await json(await settle(() => deleteTaskRoute.loader(routeArgs(getRequest(address, member.cookie), { taskId: String(id) }))));
    expect(question).toEqual({ title: "Stand-up", completed: 2, again: false, occurrenceDate: "24 Nov 2026" });

    const one = await settle(() =>
      deleteTaskRoute.action(routeArgs(postRequest(address, { csrf: "x", scope: "occurrence" }, member.cookie), { taskId: String(id) })),
    );
    expect(one.headers.get("Location")).toBe("/user/calendar?view=day&date=2026-11-24");
    expect(await flashOf(one)).toEqual({ type: "success", message: "Stand-up on 24 Nov 2026 has been deleted from your calendar." });
    expect(await tasksOf(member.id)).toHaveLength(1);
    const left = await occurrencesBetween(member.id, "2026-11-23", "2026-11-29");
    expect(left.map((o) => o.date)).toEqual(["2026-11-23", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(left[0].status).toBe("completed");
    // Its mark went with it; the group's other completed occurrence still asks a second time.
    expect(await db.selectFrom("calendar_occurrences").select("date").where("task_id", "=", id).execute()).toEqual([{ date: "2026-11-23" }]);
    const other = `/user/calendar/tasks/${id}/delete?occurrence=${id}-2026-11-25`;
    const series = await settle(() =>
      deleteTaskRoute.action(routeArgs(postRequest(other, { csrf: "x", scope: "series" }, member.cookie), { taskId: String(id) })),
    );
    expect(series.headers.get("Location")).toBe(`${other}&again=1`);
    const again = await json(await settle(() => deleteTaskRoute.loader(routeArgs(getRequest(`${other}&again=1`, member.cookie), { taskId: String(id) }))));
    expect(again).toMatchObject({ again: true, occurrenceDate: null });
    await settle(() => deleteTaskRoute.action(routeArgs(postRequest(`${other}&again=1`, { csrf: "x", again: "1" }, member.cookie), { taskId: String(id) })));
    expect(await tasksOf(member.id)).toEqual([]);

    // A task that happens once has nothing to choose: its occurrence is the task.
    const single = await createTask(member.id, taskFields({ recurrence: "none", occurrence_count: null }), "UTC");
    const asked = await json(
      await settle(() =>
        deleteTaskRoute.loader(
          routeArgs(getRequest(`/user/calendar/tasks/${single}/delete?occurrence=${single}-2026-11-23`, member.cookie), { taskId: String(single) }),
        ),
      ),
    );
    expect(asked).toMatchObject({ occurrenceDate: null });
    // Another member's occurrence named in the address is not found.
    const stranger = await createSignedInMember();
    const theirs = await createTask(stranger.id, taskFields(), "UTC");
    const denied = await settle(() =>
      deleteTaskRoute.action(
        routeArgs(postRequest(`/user/calendar/tasks/${theirs}/delete?occurrence=${theirs}-2026-11-24`, { csrf: "x", scope: "occurrence" }, member.cookie), {
          taskId: String(theirs),
        }),
      ),
    );
    expect(denied.status).toBe(404);
  });

  test("a task added for a time already past today is pending, never born missed", async () => {
    const member = await createSignedInMember();
    const today = new Date().toISOString().slice(0, 10);
    const response = await settle(() =>
      newTask.action(routeArgs(post("/user/calendar/new", { ...TASK, recurrence: "none", start_date: today, start_time: "00:00", end_time: "00:05" }, member))),
    );
    expect(response.status).toBe(302);
    const page = await json<{ daily: { title: string; status: string }[] }>(
      await settle(() => pageLoader(routeArgs(getRequest("/user/calendar", member.cookie)))),
    );
    expect(page.daily).toMatchObject([{ title: "Team review", status: "pending" }]);
  });

  test("another member gets 404 on every group and occurrence, and never sees them", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await createTask(owner.id, taskFields({ start_date: "2030-01-01" }), "UTC");
    const key = `${id}-2030-01-01`;
    const taskId = String(id);
    const as = (path: string) => getRequest(path, other.cookie);
    const posting = (path: string) => post(path, { ...TASK }, other);
    const statuses = await Promise.all([
      settle(() => taskViewLoader(routeArgs(as(`/user/calendar/tasks/${id}`), { taskId }))),
      settle(() => editTask.loader(routeArgs(as(`/user/calendar/tasks/${id}/edit`), { taskId }))),
      settle(() => editTask.action(routeArgs(posting(`/user/calendar/tasks/${id}/edit`), { taskId }))),
      settle(() => deleteTaskRoute.loader(routeArgs(as(`/user/calendar/tasks/${id}/delete`), { taskId }))),
      settle(() => deleteTaskRoute.action(routeArgs(posting(`/user/calendar/tasks/${id}/delete`), { taskId }))),
      settle(() => completeOccurrence.loader(routeArgs(as(`/user/calendar/occurrences/${key}/complete`), { occurrenceId: key }))),
      settle(() => completeOccurrence.action(routeArgs(posting(`/user/calendar/occurrences/${key}/complete`), { occurrenceId: key }))),
      settle(() => cancelOccurrence.loader(routeArgs(as(`/user/calendar/occurrences/${key}/cancel`), { occurrenceId: key }))),
      settle(() => cancelOccurrence.action(routeArgs(posting(`/user/calendar/occurrences/${key}/cancel`), { occurrenceId: key }))),
    ]);
    expect(statuses.map((response) => response.status)).toEqual(Array(9).fill(404));
    // A date the group does not fall on, or a key that is not one, is not found either.
    const owners = await Promise.all(
      [`${id}-2030-01-01x`, `${id}-2031-13-01`, "abc"].map((occurrenceId) =>
        settle(() => completeOccurrence.loader(routeArgs(getRequest(`/user/calendar/occurrences/${occurrenceId}/complete`, owner.cookie), { occurrenceId }))),
      ),
    );
    expect(owners.map((response) => response.status)).toEqual([404, 404, 404]);
    const page = await json<{ occurrences: unknown[] }>(await settle(() => pageLoader(routeArgs(as("/user/calendar?view=month&date=2030-01-01")))));
    expect(page.occurrences).toEqual([]);
    expect(await tasksOf(owner.id)).toHaveLength(1);
    expect(await db.selectFrom("calendar_occurrences").selectAll().execute()).toEqual([]);
  });
});

describe("a month's days", () => {
  test("a month shows the first five of each day by time and how many more; a week and a day show them all", async () => {
    const member = await createSignedInMember();
    // Eight series from Monday 4 March 2030, one a day at 08:00, 09:00 … 15:00, listed out of order;
    // one more on Friday 8 March only. Another member's series are not counted.
    for (const hour of [15, 9, 8, 12, 10, 14, 11, 13]) {
      const time = `${String(hour).padStart(2, "0")}:00`;
      await createTask(
        member.id,
        taskFields({ title: `At ${hour}`, start_date: "2030-03-04", occurrence_count: 5, start_time: time, end_time: `${String(hour).padStart(2, "0")}:30` }),
        "UTC",
      );
    }
    await createTask(
      member.id,
      taskFields({ title: "Friday only", start_date: "2030-03-08", recurrence: "none", occurrence_count: null, start_time: "07:00", end_time: "07:15" }),
      "UTC",
    );
    const other = await createSignedInMember();
    await createTask(
      other.id,
      taskFields({ title: "Not theirs", start_date: "2030-03-04", occurrence_count: 5, start_time: "06:00", end_time: "06:30" }),
      "UTC",
    );
    type Page = { occurrences: { title: string; start: string }[]; more: Record<string, number> };
    const page = (address: string) => settle(() => pageLoader(routeArgs(getRequest(address, member.cookie)))).then((response) => json<Page>(response));
    const titlesOn = (shown: Page, day: string) => shown.occurrences.filter((o) => o.start.startsWith(day)).map((o) => o.title);

    const month = await page("/user/calendar?view=month&date=2030-03-01");
    expect(month.more).toEqual({ "2030-03-04": 3, "2030-03-05": 3, "2030-03-06": 3, "2030-03-07": 3, "2030-03-08": 4 });
    expect(titlesOn(month, "2030-03-04")).toEqual(["At 8", "At 9", "At 10", "At 11", "At 12"]);
    expect(titlesOn(month, "2030-03-08")).toEqual(["Friday only", "At 8", "At 9", "At 10", "At 11"]);
    expect(month.occurrences).toHaveLength(25);

    const week = await page("/user/calendar?view=week&date=2030-03-04");
    expect(week.more).toEqual({});
    expect(titlesOn(week, "2030-03-04")).toEqual(["At 8", "At 9", "At 10", "At 11", "At 12", "At 13", "At 14", "At 15"]);
    expect(week.occurrences).toHaveLength(41);
    const day = await page("/user/calendar?view=day&date=2030-03-08");
    expect(day.more).toEqual({});
    expect(titlesOn(day, "2030-03-08")).toHaveLength(9);

    // Behind a dialog opened with ?back= (today's tasks, a task's page), the range it goes back to.
    const weekAddress = "/user/calendar?view=week&date=2030-03-04";
    const taskPage = `/user/calendar/tasks/1?back=${encodeURIComponent(weekAddress)}`;
    expect(await page(taskPage)).toEqual(week);
    expect(await page(`/user/calendar/occurrences/1-2030-03-04/complete?back=${encodeURIComponent(taskPage)}`)).toEqual(week);
  });

  test("today's tasks beside a month list all of today's, not the month's first five", async () => {
    const member = await createSignedInMember();
    const today = new Date().toISOString().slice(0, 10);
    for (const hour of [1, 2, 3, 4, 5, 6, 7]) {
      await createTask(
        member.id,
        taskFields({
          title: `Today ${hour}`,
          start_date: today,
          recurrence: "none",
          occurrence_count: null,
          start_time: `0${hour}:00`,
          end_time: `0${hour}:30`,
        }),
        "UTC",
      );
    }
    const month = await json<{ occurrences: unknown[]; more: Record<string, number>; daily: unknown[] }>(
      await settle(() => pageLoader(routeArgs(getRequest(`/user/calendar?view=month&date=${today}`, member.cookie)))),
    );
    expect(month.more).toEqual({ [today]: 2 });
    expect(month.occurrences).toHaveLength(5);
    expect(month.daily).toHaveLength(7);
  });
});

describe("daily tasks", () => {
  test("today's occurrences on the calendar page, the home page and the day's print view", async () => {
    const member = await createSignedInMember();
    const today = new Date().toISOString().slice(0, 10);
    await createTask(
      member.id,
      taskFields({ title: "Today's thing", start_date: today, recurrence: "none", occurrence_count: null, start_time: "23:50", end_time: "23:55" }),
      "UTC",
    );
    const page = await json<{ daily: { title: string }[] }>(await settle(() => pageLoader(routeArgs(getRequest("/user/calendar", member.cookie)))));
    expect(page.daily.map((o) => o.title)).toEqual(["Today's thing"]);
    const home = await json<{ planning: { daily: { title: string }[] } }>(await settle(() => homeLoader(routeArgs(getRequest("/user", member.cookie)))));
    expect(home.planning.daily.map((o) => o.title)).toEqual(["Today's thing"]);
    const printed = await json<{ day: { tasks: unknown[] } }>(
      await settle(() => printLoader(routeArgs(getRequest(`/user/journal/${today}/print`, member.cookie), { date: today }))),
    );
    expect(printed.day.tasks).toMatchObject([{ title: "Today's thing", time: "23:50–23:55" }]);
  });

  test("today's list is the same whether the shown range holds today or not", async () => {
    const member = await createSignedInMember();
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
    await createTask(
      member.id,
      taskFields({ title: "Every day", start_date: day(-3), recurrence: "daily", occurrence_count: null, start_time: "08:00", end_time: "08:30" }),
      "UTC",
    );
    for (const [title, offset] of [
      ["Yesterday", -1],
      ["Today", 0],
      ["Tomorrow", 1],
    ] as const) {
      await createTask(
        member.id,
        taskFields({ title, start_date: day(offset), recurrence: "none", occurrence_count: null, start_time: "07:00", end_time: "07:15" }),
        "UTC",
      );
    }
    type Page = { occurrences: { title: string }[]; daily: { key: string; title: string; status: string }[] };
    const page = (address: string) => settle(() => pageLoader(routeArgs(getRequest(address, member.cookie)))).then((response) => json<Page>(response));
    const holding = await page(`/user/calendar?view=week&date=${today}`);
    const elsewhere = await page("/user/calendar?view=month&date=2001-01-01");
    // A week holds today and at least one of the days beside it.
    expect(holding.occurrences.map((o) => o.title)).toEqual(expect.arrayContaining(["Today", "Every day"]));
    expect(holding.occurrences.some((o) => o.title === "Yesterday" || o.title === "Tomorrow")).toBe(true);
    expect(elsewhere.occurrences).toEqual([]);
    expect(holding.daily.map((o) => o.title)).toEqual(["Today", "Every day"]);
    // Their statuses are each page's own moment's (pending or missed), not compared.
    const listed = (page: Page) => page.daily.map(({ status: _status, ...occurrence }) => occurrence);
    expect(listed(holding)).toEqual(listed(elsewhere));
  });

  test("a month away from today: its own occurrences and marks, and today's beside it with today's", async () => {
    const member = await createSignedInMember();
    const today = new Date().toISOString().slice(0, 10);
    const weekly = await createTask(
      member.id,
      taskFields({ title: "Weekly since 2001", start_date: "2001-01-01", recurrence: "weekly", weekdays: "MO", occurrence_count: null, until_date: null }),
      "UTC",
    );
    const once = await createTask(
      member.id,
      taskFields({ title: "Today only", start_date: today, recurrence: "none", occurrence_count: null, start_time: "23:50", end_time: "23:55" }),
      "UTC",
    );
    await createdLongAgo(member.id);
    await markOccurrence(member.id, weekly, "2001-01-08", "cancelled");
    await markOccurrence(member.id, once, today, "completed");
    type Page = { occurrences: { key: string; status: string }[]; daily: { key: string; status: string }[] };
    const month = await json<Page>(await settle(() => pageLoader(routeArgs(getRequest("/user/calendar?view=month&date=2001-01-01", member.cookie)))));
    // The month's grid runs from Monday 1 January 2001 to Sunday 4 February.
    expect(month.occurrences.map((o) => `${o.key} ${o.status}`)).toEqual(
      [1, 8, 15, 22, 29].map((day) => `${weekly}-2001-01-${String(day).padStart(2, "0")} ${day === 8 ? "cancelled" : "missed"}`),
    );
    expect(month.daily).toContainEqual(expect.objectContaining({ key: `${once}-${today}`, status: "completed" }));
    expect(month.daily.every((o) => o.key.endsWith(today))).toBe(true);
  });
});

describe("occurrences on the member's clock", () => {
  test("a list shown at once reads as each occurrence shown alone, across a change of offset", async () => {
    const member = await createSignedInMember();
    // Berlin's clocks go forward on 29 March 2026 at 02:00: 02:30 that day does not exist there.
    await createTask(
      member.id,
      taskFields({
        title: "Night",
        start_date: "2026-03-27",
        recurrence: "daily",
        occurrence_count: 4,
        until_date: null,
        start_time: "02:30",
        end_time: "03:30",
      }),
      "Europe/Berlin",
    );
    await createTask(
      member.id,
      taskFields({
        title: "Also night",
        start_date: "2026-03-28",
        recurrence: "daily",
        occurrence_count: 2,
        until_date: null,
        start_time: "02:30",
        end_time: "03:30",
      }),
      "Europe/Berlin",
    );
    const occurrences = await occurrencesBetween(member.id, "2026-03-26", "2026-03-31");
    expect(occurrences).toHaveLength(6);
    for (const zone of ["America/New_York", "Europe/Berlin", "Asia/Kolkata"]) {
      const alone = occurrences.map((occurrence) => shownOccurrence(occurrence, zone));
      expect(shownOccurrences(occurrences, zone)).toEqual(alone);
    }
    expect(shownOccurrences(occurrences, "Europe/Berlin").map((o) => `${o.start}–${o.end.slice(11)}`)).toEqual([
      "2026-03-27T02:30–03:30",
      "2026-03-28T02:30–03:30",
      "2026-03-28T02:30–03:30",
      "2026-03-29T03:30–03:30",
      "2026-03-29T03:30–03:30",
      "2026-03-30T02:30–03:30",
    ]);
  });
});
