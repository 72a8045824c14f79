import { describe, expect, test } from "vitest";
import { createTask, markOccurrence } from "~/features/calendar/calendar.server";
import { db } from "~/lib/db.server";
import { loader as formCreate } from "~/routes/spec/user.calender.form.create";
import * as dailyDelete from "~/routes/spec/user.calender.daily-task.delete";
import * as dailyDeleteAgain from "~/routes/spec/user.calender.daily-task.deleteagain";
import * as dailyCancel from "~/routes/spec/user.calender.daily-task.deleteonetask";
import * as dailyComplete from "~/routes/spec/user.calender.daily-task.completeonetask";
import { action as completeTaskSave } from "~/routes/spec/user.calenders.completetasksave.$title";
import { loader as editTaskOpen } from "~/routes/spec/user.calenders.edittask.$groupid";
import { action as editTaskUpdate } from "~/routes/spec/user.calenders.edittaskupdate.$groupId";
import { loader as taskList } from "~/routes/spec/user.calenders.task-list-under-group.$groupid";
import { createdLongAgo, taskFields } from "./calendar-fixtures";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

const call = (path: string, fields: Record<string, string>, member: TestMember) => postRequest(path, { csrf: "x", ...fields }, member.cookie);
const text = (response: Response) => response.text();

function tasksOf(memberId: number) {
  return db.selectFrom("calendar_tasks").selectAll().where("member_id", "=", memberId).execute();
}

describe("SPEC.md §7 calendar addresses", () => {
  test("form/create opens the task form; completetasksave saves it, with the title from the address", async () => {
    const member = await createSignedInMember();
    expect((await settle(() => formCreate(routeArgs(getRequest("/user/calender/form/create?id=3", member.cookie))))).headers.get("Location")).toBe(
      "/user/calendar/new",
    );
    const saved = await settle(() =>
      completeTaskSave(
        routeArgs(
          call(
            "/user/calenders/completetasksave/Board%20call",
            { kind: "task", start_date: "2030-03-01", start_time: "10:00", end_time: "11:00", priority: "4" },
            member,
          ),
          { title: "Board call" },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect((await tasksOf(member.id))[0]).toMatchObject({ title: "Board call", start_date: "2030-03-01", priority: 4 });
    const refused = await settle(() =>
      completeTaskSave(
        routeArgs(
          call("/user/calenders/completetasksave/x", { title: "x", start_date: "nope", start_time: "10:00", end_time: "11:00", priority: "4" }, member),
          { title: "x" },
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ type: "error", message: "Enter a date as yyyy-mm-dd." });
  });

  test("edittask opens the edit dialog; edittaskupdate saves §3's payload; task-list-under-group lists §3's tasks", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await createTask(member.id, taskFields({ start_date: "2020-01-06", occurrence_count: 3 }), "UTC");
    await createdLongAgo(member.id);
    await markOccurrence(member.id, id, "2020-01-06", "completed");
    await markOccurrence(member.id, id, "2020-01-07", "cancelled");
    const groupid = String(id);
    expect(
      (await settle(() => editTaskOpen(routeArgs(getRequest(`/user/calenders/edittask/${id}`, member.cookie), { groupid })))).headers.get("Location"),
    ).toBe(`/user/calendar/tasks/${id}/edit`);

    const list = await settle(() => taskList(routeArgs(getRequest(`/user/calenders/task-list-under-group/${id}`, member.cookie), { groupid })));
    const rows = (await list.json()) as Record<string, unknown>[];
    expect(rows.map(({ updated_at: _updated, ...row }) => row)).toEqual([
      { status: 1, is_visible: 0, type: "daily", start_date: "2020-01-06T0900", end_date: "2020-01-06T0930", title: "Stand-up" },
      { status: 3, is_visible: 1, type: "daily", start_date: "2020-01-07T0900", end_date: "2020-01-07T0930", title: "Stand-up" },
      { status: 2, is_visible: 0, type: "daily", start_date: "2020-01-08T0900", end_date: "2020-01-08T0930", title: "Stand-up" },
    ]);

    const payload = {
      EditTaskGroupId: groupid,
      EditTaskTiltle: "Weekly sync",
      EditTaskCategory: "",
      EditTaskRecursive: "weekly",
      EditTaskStartDate: "2020-01-06",
      EditTaskEndDate: "2020-03-01",
      EditTaskStartTime: "10:00",
      EditTaskEndTime: "10:30",
      place_edit: "",
      person_edit: "",
      description_edit: "",
      EditTaskmyRange: "9",
      EditTaskenablealert: "1",
    };
    const updated = await settle(() => editTaskUpdate(routeArgs(call(`/user/calenders/edittaskupdate/${id}`, payload, member), { groupId: groupid })));
    expect(await flashOf(updated)).toEqual({ type: "success", message: "Task edited successfully." });
    expect((await tasksOf(member.id))[0]).toMatchObject({
      title: "Weekly sync",
      recurrence: "weekly",
      until_date: "2020-03-01",
      occurrence_count: null,
      start_time: "10:00",
      priority: 9,
      alert: 1,
    });
    const bad = await settle(() =>
      editTaskUpdate(routeArgs(call(`/user/calenders/edittaskupdate/${id}`, { ...payload, EditTaskEndTime: "09:00" }, member), { groupId: groupid })),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ type: "error", message: "The end time must be after the start time." });

    const statuses = await Promise.all([
      settle(() => editTaskOpen(routeArgs(getRequest(`/user/calenders/edittask/${id}`, other.cookie), { groupid }))),
      settle(() => taskList(routeArgs(getRequest(`/user/calenders/task-list-under-group/${id}`, other.cookie), { groupid }))),
      settle(() => editTaskUpdate(routeArgs(call(`/user/calenders/edittaskupdate/${id}`, payload, other), { groupId: groupid }))),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([404, 404, 404]);
    expect((await tasksOf(member.id))[0].title).toBe("Weekly sync");
  });

  test("daily tasks: delete answers error-{n} then deleteagain the element id; complete and cancel one; GETs only ask", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await createTask(member.id, taskFields(), "UTC");
    const key = `${id}-2026-11-25`;
    const question = await settle(() => dailyDelete.loader(routeArgs(getRequest(`/user/calender/daily-task/delete?dailytask_id=${key}`, member.cookie))));
    expect(await question.json()).toMatchObject({ key, question: "Are you sure you want to delete this task?" });

    expect(
      await text(await settle(() => dailyComplete.action(routeArgs(call("/user/calender/daily-task/completeonetask", { dailytask_id: key }, member))))),
    ).toBe(`daily-task-${key}`);
    expect(
      await text(
        await settle(() => dailyCancel.action(routeArgs(call("/user/calender/daily-task/deleteonetask", { dailytask_id: `${id}-2026-11-26` }, member)))),
      ),
    ).toBe(`daily-task-${id}-2026-11-26`);
    const marks = await db.selectFrom("calendar_occurrences").select(["date", "status"]).where("task_id", "=", id).orderBy("date").execute();
    expect(marks).toEqual([
      { date: "2026-11-25", status: "completed" },
      { date: "2026-11-26", status: "cancelled" },
    ]);
    const again = await settle(() =>
      dailyDeleteAgain.loader(routeArgs(getRequest(`/user/calender/daily-task/deleteagain?dailytask_id=${key}`, member.cookie))),
    );
    expect((await again.json()) as { question: string }).toMatchObject({
      question: "There is 1 completed task in this task group. Do you still want to delete it?",
    });
    expect(await tasksOf(member.id)).toHaveLength(1);

    expect(await text(await settle(() => dailyDelete.action(routeArgs(call("/user/calender/daily-task/delete", { dailytask_id: key }, member)))))).toBe(
      "error-1",
    );
    expect(await tasksOf(member.id)).toHaveLength(1);
    const blocked = await Promise.all(
      [dailyDelete, dailyDeleteAgain, dailyCancel, dailyComplete].flatMap((route) => [
        settle(() => route.action(routeArgs(call("/user/calender/daily-task/x", { dailytask_id: key }, other)))),
        settle(() => route.loader(routeArgs(getRequest(`/user/calender/daily-task/x?dailytask_id=${key}`, other.cookie)))),
      ]),
    );
    expect(blocked.map((response) => response.status)).toEqual(Array(8).fill(404));
    expect(
      await text(await settle(() => dailyDeleteAgain.action(routeArgs(call("/user/calender/daily-task/deleteagain", { dailytask_id: key }, member))))),
    ).toBe(`daily-task-${key}`);
    expect(await tasksOf(member.id)).toEqual([]);

    // From the question's page (no JS): the calendar with a notice.
    const plain = await createTask(member.id, taskFields(), "UTC");
    const fromPage = await settle(() =>
      dailyDelete.action(routeArgs(call("/user/calender/daily-task/delete", { dailytask_id: `${plain}-2026-11-23`, from_page: "1" }, member))),
    );
    expect(fromPage.headers.get("Location")).toMatch(/^\/user\/calendar\?/);
    expect(await flashOf(fromPage)).toEqual({ type: "success", message: "Stand-up has been deleted from your calendar." });
  });
});
