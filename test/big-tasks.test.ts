import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/planning/user.big-tasks.$taskId.delete";
import { action as editAction, loader as editLoader } from "~/routes/planning/user.big-tasks.$taskId.edit";
import { action as statusAction } from "~/routes/planning/user.big-tasks.$taskId.status";
import { loader as filterLoader } from "~/routes/planning/user.big-tasks.filter";
import { action as newAction, loader as newLoader } from "~/routes/planning/user.big-tasks.new";
import { loader as listLoader } from "~/routes/planning/user.big-tasks";
import { loader as specAdd } from "~/routes/spec/user.task.add-task";
import { action as specStatus } from "~/routes/spec/user.task.big-task-status-change";
import { action as specDelete } from "~/routes/spec/user.task.big-task.delete";
import { loader as specEdit } from "~/routes/spec/user.task.big-task.edit";
import { loader as specFilter } from "~/routes/spec/user.task.big-task.filter";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const YEAR = new Date().getUTCFullYear();

function add(member: TestMember, fields: Record<string, string>, query = "") {
  return settle(() => newAction(routeArgs(postRequest(`/user/big-tasks/new${query}`, { csrf: "x", ...fields }, member.cookie))));
}

async function added(member: TestMember, fields: Record<string, string> = {}) {
  const response = await add(member, { title: "Open a second office", priority: "8", year: String(YEAR), ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const row = await db.selectFrom("big_tasks").select("id").where("member_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.id;
}

function row(id: number) {
  return db.selectFrom("big_tasks").selectAll().where("id", "=", id).executeTakeFirst();
}

async function titles(member: TestMember, query = "") {
  const response = await settle(() => listLoader(routeArgs(getRequest(`/user/big-tasks${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return ((await response.json()) as { tasks: { title: string }[] }).tasks.map((task) => task.title);
}

function taskArgs(member: TestMember, path: string, id: number, fields?: Record<string, string>) {
  const request = fields ? postRequest(path, { csrf: "x", ...fields }, member.cookie) : getRequest(path, member.cookie);
  return routeArgs(request, { taskId: String(id) });
}

describe("big tasks", () => {
  test("adding refuses bad input beside each field and keeps it; a task lands on its year", async () => {
    const member = await createSignedInMember();
    const form = await settle(() => newLoader(routeArgs(getRequest(`/user/big-tasks/new?year=${YEAR + 1}`, member.cookie))));
    expect(await form.json()).toMatchObject({ year: YEAR + 1 });

    const bad = await add(member, { title: "", priority: "11", year: "99999", status: "later", due_date: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(((await bad.clone().json()) as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
      year: "99999",
      priority: "11",
    });
    expect(await replyErrors(bad)).toEqual({
      title: ["Title is required."],
      priority: ["Choose a priority from 1 to 10."],
      year: ["Enter a year from 2000 to 2100."],
      status: ["Choose a status from the list."],
      due_date: ["Enter a date as yyyy-mm-dd."],
    });
    // The date is checked against the year as soon as both are good, whatever else is wrong.
    expect(await replyErrors(await add(member, { title: "Hire", priority: "0", year: String(YEAR), due_date: `${YEAR + 1}-01-10` }))).toEqual({
      priority: ["Choose a priority from 1 to 10."],
      due_date: ["The date must be in the year chosen."],
    });

    const response = await add(
      member,
      { title: "Hire a sales lead", description: "Someone who knows the region", priority: "9", year: String(YEAR), due_date: `${YEAR}-06-30` },
      `?year=${YEAR}&priority=high&status=done`,
    );
    expect(response.headers.get("Location")).toBe(`/user/big-tasks?year=${YEAR}&priority=high`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "“Hire a sales lead” added to your big tasks." });
    const [id] = (await db.selectFrom("big_tasks").select("id").execute()).map((each) => each.id);
    expect(await row(id)).toMatchObject({
      member_id: member.id,
      priority: 9,
      year: YEAR,
      due_date: `${YEAR}-06-30`,
      status: "pending",
      description: "Someone who knows the region",
    });
  });

  test("one year at a time, the most important first, filtered by status and priority band", async () => {
    const member = await createSignedInMember();
    await added(member, { title: "Write the plan", priority: "3" });
    const office = await added(member, { title: "Open a second office", priority: "8" });
    await added(member, { title: "Raise a round", priority: "5" });
    await added(member, { title: "Next year's thing", priority: "10", year: String(YEAR + 1) });
    await settle(() => statusAction(taskArgs(member, `/user/big-tasks/${office}/status`, office, { status: "done" })));

    expect(await titles(member)).toEqual(["Open a second office", "Raise a round", "Write the plan"]);
    expect(await titles(member, `?year=${YEAR + 1}`)).toEqual(["Next year's thing"]);
    expect(await titles(member, "?priority=low")).toEqual(["Write the plan"]);
    expect(await titles(member, "?priority=medium")).toEqual(["Raise a round"]);
    expect(await titles(member, "?priority=high&status=done")).toEqual(["Open a second office"]);
    expect(await titles(member, "?status=pending")).toEqual(["Raise a round", "Write the plan"]);
    for (const query of ["?year=99999", "?year=20x6", "?priority=urgent", "?status=later"]) {
      expect((await settle(() => listLoader(routeArgs(getRequest(`/user/big-tasks${query}`, member.cookie))))).status, query).toBe(400);
    }
    const filter = await settle(() => filterLoader(routeArgs(getRequest(`/user/big-tasks/filter?year=${YEAR}&priority=high`, member.cookie))));
    expect(await filter.json()).toEqual({ year: YEAR, status: null, priority: "high" });
    expect(await titles(await createSignedInMember())).toEqual([]);
  });

  test("edit, status change and delete keep the list's address", async () => {
    const member = await createSignedInMember();
    const id = await added(member);
    expect((await settle(() => editLoader(taskArgs(member, `/user/big-tasks/${id}/edit`, id)))).status).toBe(200);
    const saved = await settle(() =>
      editAction(
        taskArgs(member, `/user/big-tasks/${id}/edit?year=${YEAR}&status=in_progress`, id, {
          title: "Open two offices",
          priority: "10",
          year: String(YEAR),
          status: "in_progress",
        }),
      ),
    );
    expect(saved.headers.get("Location")).toBe(`/user/big-tasks?year=${YEAR}&status=in_progress`);
    expect(await row(id)).toMatchObject({ title: "Open two offices", priority: 10, status: "in_progress" });

    const changed = await settle(() => statusAction(taskArgs(member, `/user/big-tasks/${id}/status?year=${YEAR}`, id, { status: "done" })));
    expect(changed.headers.get("Location")).toBe(`/user/big-tasks?year=${YEAR}`);
    expect(await flashOf(changed)).toEqual({ type: "success", message: "Open two offices is now done." });
    expect((await settle(() => statusAction(taskArgs(member, `/user/big-tasks/${id}/status`, id, { status: "later" })))).status).toBe(400);
    expect((await row(id))!.status).toBe("done");

    expect(await (await settle(() => deleteLoader(taskArgs(member, `/user/big-tasks/${id}/delete`, id)))).json()).toEqual({ title: "Open two offices" });
    const deleted = await settle(() => deleteAction(taskArgs(member, `/user/big-tasks/${id}/delete`, id, {})));
    expect(deleted.headers.get("Location")).toBe(`/user/big-tasks?year=${YEAR}`);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "“Open two offices” deleted." });
    expect(await row(id)).toBeUndefined();
  });

  test("another member gets 404 on every task dialog, action and SPEC address", async () => {
    const owner = await createSignedInMember();
    const id = await added(owner);
    const other = await createSignedInMember();
    const answers = [
      await settle(() => editLoader(taskArgs(other, `/user/big-tasks/${id}/edit`, id))),
      await settle(() => editAction(taskArgs(other, `/user/big-tasks/${id}/edit`, id, { title: "Mine", priority: "1", year: String(YEAR) }))),
      await settle(() => deleteLoader(taskArgs(other, `/user/big-tasks/${id}/delete`, id))),
      await settle(() => deleteAction(taskArgs(other, `/user/big-tasks/${id}/delete`, id, {}))),
      await settle(() => statusAction(taskArgs(other, `/user/big-tasks/${id}/status`, id, { status: "dropped" }))),
      await settle(() => specEdit(routeArgs(getRequest(`/user/task/big-task/edit?bigtask_id=${id}`, other.cookie)))),
      await settle(() => specDelete(routeArgs(postRequest("/user/task/big-task/delete", { csrf: "x", bigtask_id: String(id) }, other.cookie)))),
      await settle(() =>
        specStatus(routeArgs(postRequest("/user/task/big-task-status-change", { csrf: "x", big_task_id: String(id), status: "dropped" }, other.cookie))),
      ),
      await settle(() => specEdit(routeArgs(getRequest("/user/task/big-task/edit?bigtask_id=x", other.cookie)))),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(404));
    expect(await row(id)).toMatchObject({ title: "Open a second office", status: "pending" });
  });

  test("SPEC addresses: the dialogs, and status change and delete answering type and message", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { year: String(YEAR + 1) });
    const location = async (run: () => Promise<unknown>) => (await settle(run)).headers.get("Location");
    expect(await location(() => specAdd(routeArgs(getRequest("/user/task/add-task", member.cookie))))).toBe("/user/big-tasks/new");
    expect(await location(() => specFilter(routeArgs(getRequest("/user/task/big-task/filter?year=2030", member.cookie))))).toBe(
      "/user/big-tasks/filter?year=2030",
    );
    expect(await location(() => specEdit(routeArgs(getRequest(`/user/task/big-task/edit?bigtask_id=${id}`, member.cookie))))).toBe(
      `/user/big-tasks/${id}/edit?year=${YEAR + 1}`,
    );

    const json = (path: string, fields: Record<string, string>) =>
      new Request(`${BASE}${path}`, {
        method: "POST",
        body: new URLSearchParams({ csrf: "x", ...fields }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: member.cookie },
      });
    const status = await settle(() => specStatus(routeArgs(json("/user/task/big-task-status-change", { big_task_id: String(id), status: "in_progress" }))));
    expect(await status.json()).toMatchObject({ type: "success", message: "Open a second office is now in progress." });
    const deleted = await settle(() => specDelete(routeArgs(json("/user/task/big-task/delete", { bigtask_id: String(id) }))));
    expect(await deleted.json()).toMatchObject({ type: "success", message: "“Open a second office” deleted." });
    expect(await row(id)).toBeUndefined();
  });
});
