import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { loader as fileLoader } from "~/routes/files/user.files.$token";
import { loader as homeLoader } from "~/routes/home/user._index";
import { loader as listLoader } from "~/routes/planning/user.businesses";
import { action as createAction, loader as createLoader } from "~/routes/planning/user.businesses.new";
import { loader as pageLoader } from "~/routes/planning/user.businesses_.$businessId";
import { action as deleteActionAction, loader as deleteActionLoader } from "~/routes/planning/user.businesses_.$businessId.actions.$actionId.delete";
import { action as editActionAction, loader as editActionLoader } from "~/routes/planning/user.businesses_.$businessId.actions.$actionId.edit";
import { action as addContentAction, loader as addContentLoader } from "~/routes/planning/user.businesses_.$businessId.actions.$actionId.contents.new";
import { action as statusAction, loader as statusLoader } from "~/routes/planning/user.businesses_.$businessId.actions.$actionId.status";
import { action as editContentAction, loader as editContentLoader } from "~/routes/planning/user.businesses_.$businessId.contents.$contentId.edit";
import { action as deleteContentAction, loader as deleteContentLoader } from "~/routes/planning/user.businesses_.$businessId.contents.$contentId.delete";
import { action as deleteBusinessAction, loader as deleteBusinessLoader } from "~/routes/planning/user.businesses_.$businessId.delete";
import { action as editBusinessAction, loader as editBusinessLoader } from "~/routes/planning/user.businesses_.$businessId.edit";
import { action as addActionAction, loader as addActionLoader } from "~/routes/planning/user.businesses_.$businessId.goals.$goalId.actions.new";
import { action as deleteGoalAction, loader as deleteGoalLoader } from "~/routes/planning/user.businesses_.$businessId.goals.$goalId.delete";
import { action as editGoalAction, loader as editGoalLoader } from "~/routes/planning/user.businesses_.$businessId.goals.$goalId.edit";
import { action as addGoalAction, loader as addGoalLoader } from "~/routes/planning/user.businesses_.$businessId.goals.new";
import { loader as specActionContent } from "~/routes/spec/user.task.my_business.ajax-action-content-view-modal";
import { loader as specAction } from "~/routes/spec/user.task.my_business.ajax-action-view-modal";
import { loader as specCreate } from "~/routes/spec/user.task.my_business.ajax-create-business-view-modal";
import { loader as specDeleteAction } from "~/routes/spec/user.task.my_business.ajax-delete-goal-action-view-modal";
import { loader as specDeleteGoal } from "~/routes/spec/user.task.my_business.ajax-delete-goal-view-modal";
import { loader as specEditContent } from "~/routes/spec/user.task.my_business.ajax-edit-action-content-view-modal";
import { loader as specEditAction } from "~/routes/spec/user.task.my_business.ajax-edit-action-view-modal";
import { loader as specEditBusiness } from "~/routes/spec/user.task.my_business.ajax-edit-business-view-modal";
import { loader as specGoal } from "~/routes/spec/user.task.my_business.ajax-goal-view-modal";
import { DOCUMENT_HEADS, uploadRequest } from "./fixtures/files";
import { createSignedInMember, day, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

type Handler = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;

function post(handler: Handler, member: TestMember, path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  return settle(() => handler(routeArgs(postRequest(path, { csrf: "x", ...fields }, member.cookie), params)));
}

function get(handler: Handler, member: TestMember, path: string, params: Record<string, string> = {}) {
  return settle(() => handler(routeArgs(getRequest(path, member.cookie), params)));
}

async function idFrom(response: Response, pattern: RegExp) {
  expect(response.status, await response.clone().text()).toBe(302);
  return Number(pattern.exec(response.headers.get("Location") ?? "")?.[1]);
}

async function aBusiness(member: TestMember, name = "Bakery") {
  return idFrom(await post(createAction, member, "/user/businesses/new", { name }), /^\/user\/businesses\/(\d+)$/);
}

async function aGoal(member: TestMember, businessId: number, title = "Open a second shop") {
  const response = await post(
    addGoalAction,
    member,
    `/user/businesses/${businessId}/goals/new`,
    { title, target: "2 shops", target_date: day(200) },
    { businessId: String(businessId) },
  );
  expect(response.status).toBe(302);
  return (await db.selectFrom("business_goals").select("id").where("business_id", "=", businessId).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

async function anAction(member: TestMember, businessId: number, goalId: number, title: string, fields: Record<string, string> = {}) {
  const params = { businessId: String(businessId), goalId: String(goalId) };
  const response = await post(
    addActionAction,
    member,
    `/user/businesses/${businessId}/goals/${goalId}/actions/new`,
    { title, status: "pending", ...fields },
    params,
  );
  expect(response.status, await response.clone().text()).toBe(302);
  return (await db.selectFrom("goal_actions").select("id").where("goal_id", "=", goalId).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

async function aContent(member: TestMember, businessId: number, actionId: number, note: string, attachment = false) {
  const path = `/user/businesses/${businessId}/actions/${actionId}/contents/new`;
  const fields = { csrf: "x", noted_on: day(0), note, link: "https://example.com/report" };
  const request = attachment
    ? uploadRequest(path, { name: "report.pdf", content: DOCUMENT_HEADS.pdf() }, { cookie: member.cookie, field: "attachment", fields })
    : postRequest(path, fields, member.cookie);
  const response = await settle(() => addContentAction(routeArgs(request, { businessId: String(businessId), actionId: String(actionId) })));
  expect(response.status, await response.clone().text()).toBe(302);
  return db.selectFrom("action_contents").selectAll().where("action_id", "=", actionId).orderBy("id", "desc").executeTakeFirstOrThrow();
}

type Page = {
  business: { name: string };
  goals: {
    id: number;
    title: string;
    done: number;
    total: number;
    actions: { id: number; status: string; contents: { id: number; attachment: { url: string } | null }[] }[];
  }[];
};

async function pageOf(member: TestMember, businessId: number) {
  const response = await get(pageLoader, member, `/user/businesses/${businessId}`, { businessId: String(businessId) });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("my businesses", () => {
  test("create and edit a business, with messages beside the fields and what was typed kept", async () => {
    const member = await createSignedInMember();
    expect((await get(createLoader, member, "/user/businesses/new")).status).toBe(200);
    const bad = await post(createAction, member, "/user/businesses/new", { name: " ", website: "example", industry: "Food" });
    expect(bad.status).toBe(400);
    const body = (await bad.clone().json()) as { result: { initialValue: Record<string, string> } };
    expect(body.result.initialValue).toMatchObject({ website: "example", industry: "Food" });
    expect(await replyErrors(bad)).toEqual({ name: ["Name is required."], website: ["Enter a web address starting with http:// or https://."] });

    const response = await post(createAction, member, "/user/businesses/new", { name: "Bakery", industry: "Food", website: "https://bakery.example" });
    const id = await idFrom(response, /^\/user\/businesses\/(\d+)$/);
    expect(await flashOf(response)).toEqual({ type: "success", message: "“Bakery” created." });
    const params = { businessId: String(id) };
    expect((await get(editBusinessLoader, member, `/user/businesses/${id}/edit`, params)).status).toBe(200);
    const saved = await post(editBusinessAction, member, `/user/businesses/${id}/edit`, { name: "Corner Bakery", description: "Bread", website: "" }, params);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Business saved." });
    expect(await db.selectFrom("businesses").selectAll().where("id", "=", id).executeTakeFirst()).toMatchObject({
      member_id: member.id,
      name: "Corner Bakery",
      description: "Bread",
      industry: null,
      website: null,
    });
    const list = (await (await get(listLoader, member, "/user/businesses")).json()) as { businesses: { name: string }[] };
    expect(list.businesses.map((business) => business.name)).toEqual(["Corner Bakery"]);
    const others = (await (await get(listLoader, await createSignedInMember(), "/user/businesses")).json()) as { businesses: unknown[] };
    expect(others.businesses).toEqual([]);
  });

  test("goals with actions: progress counts actions done out of all, the status select saves, bad input answered", async () => {
    const member = await createSignedInMember();
    const businessId = await aBusiness(member);
    const b = String(businessId);
    expect((await get(addGoalLoader, member, `/user/businesses/${b}/goals/new`, { businessId: b })).status).toBe(200);
    const badGoal = await post(addGoalAction, member, `/user/businesses/${b}/goals/new`, { title: "", target_date: "99999-01-01" }, { businessId: b });
    expect(badGoal.status).toBe(400);
    expect(await replyErrors(badGoal)).toEqual({ title: ["Title is required."], target_date: ["Enter a date as yyyy-mm-dd."] });
    const goalId = await aGoal(member, businessId);
    const g = String(goalId);
    expect((await get(editGoalLoader, member, `/user/businesses/${b}/goals/${g}/edit`, { businessId: b, goalId: g })).status).toBe(200);
    const goalSaved = await post(
      editGoalAction,
      member,
      `/user/businesses/${b}/goals/${g}/edit`,
      { title: "Second shop", target: "1 shop", target_date: "" },
      { businessId: b, goalId: g },
    );
    expect(await flashOf(goalSaved)).toEqual({ type: "success", message: "Goal saved." });

    expect((await get(addActionLoader, member, `/user/businesses/${b}/goals/${g}/actions/new`, { businessId: b, goalId: g })).status).toBe(200);
    const badAction = await post(
      addActionAction,
      member,
      `/user/businesses/${b}/goals/${g}/actions/new`,
      { title: "", status: "finished", due_date: "2026-02-30" },
      { businessId: b, goalId: g },
    );
    expect(badAction.status).toBe(400);
    expect(await replyErrors(badAction)).toEqual({
      title: ["Title is required."],
      status: ["Choose a status from the list."],
      due_date: ["Enter a date as yyyy-mm-dd."],
    });
    const lease = await anAction(member, businessId, goalId, "Sign the lease", { due_date: day(10) });
    const hire = await anAction(member, businessId, goalId, "Hire a baker", { due_date: day(5) });
    await anAction(member, businessId, goalId, "Buy an oven");

    let goal = (await pageOf(member, businessId)).goals[0];
    expect(goal).toMatchObject({ title: "Second shop", done: 0, total: 3 });
    expect(goal.actions.map((action) => action.id).slice(0, 2)).toEqual([hire, lease]);

    const params = { businessId: b, actionId: String(lease) };
    const done = await post(statusAction, member, `/user/businesses/${b}/actions/${lease}/status`, { status: "done" }, params);
    expect(done.headers.get("Location")).toBe(`/user/businesses/${b}`);
    expect(await flashOf(done)).toEqual({ type: "success", message: "Sign the lease is now done." });
    expect((await post(statusAction, member, `/user/businesses/${b}/actions/${lease}/status`, { status: "finished" }, params)).status).toBe(400);
    expect((await get(statusLoader, member, `/user/businesses/${b}/actions/${lease}/status`, params)).headers.get("Location")).toBe(`/user/businesses/${b}`);
    goal = (await pageOf(member, businessId)).goals[0];
    expect(goal).toMatchObject({ done: 1, total: 3 });

    const hireParams = { businessId: b, actionId: String(hire) };
    expect((await get(editActionLoader, member, `/user/businesses/${b}/actions/${hire}/edit`, hireParams)).status).toBe(200);
    const saved = await post(
      editActionAction,
      member,
      `/user/businesses/${b}/actions/${hire}/edit`,
      { title: "Hire two bakers", status: "done", due_date: "" },
      hireParams,
    );
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Action saved." });
    expect((await pageOf(member, businessId)).goals[0]).toMatchObject({ done: 2, total: 3 });

    const list = (await (await get(listLoader, member, "/user/businesses")).json()) as { businesses: { goals: number; actions: number; done: number }[] };
    expect(list.businesses[0]).toMatchObject({ goals: 1, actions: 3, done: 2 });
  });

  test("action contents: a dated note with a link and an attachment only its owner can read", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const businessId = await aBusiness(member);
    const goalId = await aGoal(member, businessId);
    const actionId = await anAction(member, businessId, goalId, "Sign the lease");
    const b = String(businessId);
    const params = { businessId: b, actionId: String(actionId) };
    expect((await get(addContentLoader, member, `/user/businesses/${b}/actions/${actionId}/contents/new`, params)).status).toBe(200);
    const bad = await post(
      addContentAction,
      member,
      `/user/businesses/${b}/actions/${actionId}/contents/new`,
      { noted_on: "", note: "", link: "ftp://x" },
      params,
    );
    expect(await replyErrors(bad)).toEqual({
      noted_on: ["Date is required."],
      note: ["Note is required."],
      link: ["Enter a web address starting with http:// or https://."],
    });
    const refused = uploadRequest(
      `/user/businesses/${b}/actions/${actionId}/contents/new`,
      { name: "run.exe", content: Buffer.from("MZ") },
      { cookie: member.cookie, field: "attachment", fields: { csrf: "x", noted_on: day(0), note: "x" } },
    );
    const refusedResponse = await settle(() => addContentAction(routeArgs(refused, params)));
    expect(refusedResponse.status).toBe(400);
    expect((await replyErrors(refusedResponse)).attachment?.[0]).toMatch(/^Upload error: run\.exe: A document or image must be a/);

    const content = await aContent(member, businessId, actionId, "Met the landlord", true);
    expect(content).toMatchObject({ member_id: member.id, note: "Met the landlord", link: "https://example.com/report" });
    const file = await db.selectFrom("files").selectAll().where("id", "=", content.file_id!).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ owner_id: member.id, kind: "action_attachment", original_name: "report.pdf" });
    const url = (await pageOf(member, businessId)).goals[0].actions[0].contents[0].attachment!.url;
    expect((await get(fileLoader, member, url, { token: file.token })).status).toBe(200);
    expect((await get(fileLoader, other, url, { token: file.token })).status).toBe(404);

    const c = String(content.id);
    const contentParams = { businessId: b, contentId: c };
    const form = (await (await get(editContentLoader, member, `/user/businesses/${b}/contents/${c}/edit`, contentParams)).json()) as {
      content: { attachment: { name: string } };
    };
    expect(form.content.attachment.name).toBe("report.pdf");
    const saved = await post(
      editContentAction,
      member,
      `/user/businesses/${b}/contents/${c}/edit`,
      { noted_on: day(-1), note: "Met the landlord again", link: "", remove_attachment: "on" },
      contentParams,
    );
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Content saved." });
    expect(await db.selectFrom("action_contents").selectAll().where("id", "=", content.id).executeTakeFirst()).toMatchObject({
      noted_on: day(-1),
      note: "Met the landlord again",
      link: null,
      file_id: null,
    });
    expect(await db.selectFrom("files").select("id").where("id", "=", file.id).executeTakeFirst()).toBeUndefined();

    expect((await get(deleteContentLoader, member, `/user/businesses/${b}/contents/${c}/delete`, contentParams)).status).toBe(200);
    const deleted = await post(deleteContentAction, member, `/user/businesses/${b}/contents/${c}/delete`, {}, contentParams);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Content deleted." });
    expect(await db.selectFrom("action_contents").select("id").where("id", "=", content.id).executeTakeFirst()).toBeUndefined();
  });

  test("deleting a goal, an action or a business asks first and removes its children and their files", async () => {
    const member = await createSignedInMember();
    const businessId = await aBusiness(member);
    const b = String(businessId);
    const goalId = await aGoal(member, businessId);
    const keptGoal = await aGoal(member, businessId, "Kept goal");
    const first = await anAction(member, businessId, goalId, "First");
    const second = await anAction(member, businessId, goalId, "Second");
    const kept = await anAction(member, businessId, keptGoal, "Kept");
    const withFile = await aContent(member, businessId, first, "With a file", true);
    await aContent(member, businessId, second, "Plain");
    await aContent(member, businessId, kept, "Kept note");

    const confirm = (await (
      await get(deleteGoalLoader, member, `/user/businesses/${b}/goals/${goalId}/delete`, { businessId: b, goalId: String(goalId) })
    ).json()) as object;
    expect(confirm).toMatchObject({ title: "Open a second shop", actions: 2, contents: 2 });
    const gone = await post(deleteGoalAction, member, `/user/businesses/${b}/goals/${goalId}/delete`, {}, { businessId: b, goalId: String(goalId) });
    expect(gone.headers.get("Location")).toBe(`/user/businesses/${b}`);
    expect(await flashOf(gone)).toEqual({ type: "success", message: "Goal “Open a second shop” deleted." });
    expect(await db.selectFrom("goal_actions").select("id").where("id", "in", [first, second]).execute()).toEqual([]);
    expect(await db.selectFrom("action_contents").select("action_id").execute()).toEqual([{ action_id: kept }]);
    expect(await db.selectFrom("files").select("id").where("id", "=", withFile.file_id!).executeTakeFirst()).toBeUndefined();

    const keptParams = { businessId: b, actionId: String(kept) };
    expect(await (await get(deleteActionLoader, member, `/user/businesses/${b}/actions/${kept}/delete`, keptParams)).json()).toMatchObject({
      title: "Kept",
      contents: 1,
    });
    const actionGone = await post(deleteActionAction, member, `/user/businesses/${b}/actions/${kept}/delete`, {}, keptParams);
    expect(await flashOf(actionGone)).toEqual({ type: "success", message: "Action “Kept” deleted." });
    expect(await db.selectFrom("action_contents").select("id").execute()).toEqual([]);
    expect((await pageOf(member, businessId)).goals).toMatchObject([{ title: "Kept goal", done: 0, total: 0 }]);

    const last = await anAction(member, businessId, keptGoal, "Last");
    const lastFile = await aContent(member, businessId, last, "Last file", true);
    expect((await get(deleteBusinessLoader, member, `/user/businesses/${b}/delete`, { businessId: b })).status).toBe(200);
    const businessGone = await post(deleteBusinessAction, member, `/user/businesses/${b}/delete`, {}, { businessId: b });
    expect(businessGone.headers.get("Location")).toBe("/user/businesses");
    for (const table of ["businesses", "business_goals", "goal_actions", "action_contents"] as const) {
      expect(await db.selectFrom(table).select("id").execute()).toEqual([]);
    }
    expect(await db.selectFrom("files").select("id").where("id", "=", lastFile.file_id!).executeTakeFirst()).toBeUndefined();
  });

  test("the home page lists the next actions due, not done ones, earliest first", async () => {
    const member = await createSignedInMember();
    const businessId = await aBusiness(member, "Bakery");
    const goalId = await aGoal(member, businessId);
    await anAction(member, businessId, goalId, "Later", { due_date: day(30) });
    await anAction(member, businessId, goalId, "Soon", { due_date: day(2), status: "in_progress" });
    await anAction(member, businessId, goalId, "Finished", { due_date: day(1), status: "done" });
    await anAction(member, businessId, goalId, "Someday");
    await anAction(member, businessId, goalId, "Late", { due_date: day(-3) });
    const other = await createSignedInMember();
    const home = async (who: TestMember) =>
      ((await (await get(homeLoader, who, "/user")).json()) as { nextActions: { title: string; business_name: string; due_date: string; overdue: boolean }[] })
        .nextActions;
    expect((await home(member)).map((action) => [action.title, action.overdue])).toEqual([
      ["Late", true],
      ["Soon", false],
      ["Later", false],
    ]);
    expect((await home(member))[1]).toMatchObject({ business_name: "Bakery", due_date: day(2) });
    expect(await home(other)).toEqual([]);
  });
});

describe("SPEC business modals", () => {
  test("each address opens the product's dialog for the member's own rows", async () => {
    const member = await createSignedInMember();
    const businessId = await aBusiness(member);
    const goalId = await aGoal(member, businessId);
    const actionId = await anAction(member, businessId, goalId, "Sign");
    const content = await aContent(member, businessId, actionId, "Note");
    const base = "/user/task/my_business";
    const at = `/user/businesses/${businessId}`;
    const cases: [Handler, string, string][] = [
      [specCreate, `${base}/ajax-create-business-view-modal`, "/user/businesses/new"],
      [specEditBusiness, `${base}/ajax-edit-business-view-modal?my_business_id=${businessId}`, `${at}/edit`],
      [specEditBusiness, `${base}/ajax-edit-business-view-modal?id=${businessId}`, `${at}/edit`],
      [specGoal, `${base}/ajax-goal-view-modal?my_business_id=${businessId}`, `${at}/goals/new`],
      [specGoal, `${base}/ajax-goal-view-modal?my_business_goals_id=${goalId}`, `${at}/goals/${goalId}/edit`],
      [specDeleteGoal, `${base}/ajax-delete-goal-view-modal?my_business_goals_id=${goalId}`, `${at}/goals/${goalId}/delete`],
      [specAction, `${base}/ajax-action-view-modal?my_business_goals_id=${goalId}`, `${at}/goals/${goalId}/actions/new`],
      [specEditAction, `${base}/ajax-edit-action-view-modal?my_business_goals_action_id=${actionId}`, `${at}/actions/${actionId}/edit`],
      [specDeleteAction, `${base}/ajax-delete-goal-action-view-modal?my_business_goals_action_id=${actionId}`, `${at}/actions/${actionId}/delete`],
      [specActionContent, `${base}/ajax-action-content-view-modal?my_business_goals_action_id=${actionId}`, `${at}/actions/${actionId}/contents/new`],
      [specEditContent, `${base}/ajax-edit-action-content-view-modal?action_content_id=${content.id}`, `${at}/contents/${content.id}/edit`],
      [specEditContent, `${base}/ajax-edit-action-content-view-modal?id=${content.id}`, `${at}/contents/${content.id}/edit`],
    ];
    const other = await createSignedInMember();
    for (const [handler, path, location] of cases) {
      const response = await get(handler, member, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(location);
      if (handler !== specCreate) expect((await get(handler, other, path)).status, path).toBe(404);
    }
    for (const [handler, path] of cases.slice(1)) expect((await get(handler, member, path.replace(/=\d+$/, "=junk"))).status, path).toBe(404);
    expect((await get(specEditAction, member, `${base}/ajax-edit-action-view-modal`)).status).toBe(404);
  });
});

describe("another member", () => {
  test("gets 404 from every page, dialog and action of a business that is not theirs, and changes nothing", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const businessId = await aBusiness(owner);
    const goalId = await aGoal(owner, businessId);
    const actionId = await anAction(owner, businessId, goalId, "Sign");
    const content = await aContent(owner, businessId, actionId, "Note");
    const b = String(businessId);
    const g = String(goalId);
    const a = String(actionId);
    const c = String(content.id);
    const at = `/user/businesses/${b}`;
    const loaders: [Handler, string, Record<string, string>][] = [
      [pageLoader, at, { businessId: b }],
      [editBusinessLoader, `${at}/edit`, { businessId: b }],
      [deleteBusinessLoader, `${at}/delete`, { businessId: b }],
      [addGoalLoader, `${at}/goals/new`, { businessId: b }],
      [editGoalLoader, `${at}/goals/${g}/edit`, { businessId: b, goalId: g }],
      [deleteGoalLoader, `${at}/goals/${g}/delete`, { businessId: b, goalId: g }],
      [addActionLoader, `${at}/goals/${g}/actions/new`, { businessId: b, goalId: g }],
      [editActionLoader, `${at}/actions/${a}/edit`, { businessId: b, actionId: a }],
      [deleteActionLoader, `${at}/actions/${a}/delete`, { businessId: b, actionId: a }],
      [statusLoader, `${at}/actions/${a}/status`, { businessId: b, actionId: a }],
      [addContentLoader, `${at}/actions/${a}/contents/new`, { businessId: b, actionId: a }],
      [editContentLoader, `${at}/contents/${c}/edit`, { businessId: b, contentId: c }],
      [deleteContentLoader, `${at}/contents/${c}/delete`, { businessId: b, contentId: c }],
    ];
    for (const [handler, path, params] of loaders) expect((await get(handler, other, path, params)).status, path).toBe(404);
    const actions: [Handler, string, Record<string, string>, Record<string, string>][] = [
      [editBusinessAction, `${at}/edit`, { businessId: b }, { name: "Mine" }],
      [addGoalAction, `${at}/goals/new`, { businessId: b }, { title: "Mine" }],
      [editGoalAction, `${at}/goals/${g}/edit`, { businessId: b, goalId: g }, { title: "Mine" }],
      [addActionAction, `${at}/goals/${g}/actions/new`, { businessId: b, goalId: g }, { title: "Mine", status: "pending" }],
      [editActionAction, `${at}/actions/${a}/edit`, { businessId: b, actionId: a }, { title: "Mine", status: "done" }],
      [statusAction, `${at}/actions/${a}/status`, { businessId: b, actionId: a }, { status: "done" }],
      [addContentAction, `${at}/actions/${a}/contents/new`, { businessId: b, actionId: a }, { noted_on: day(0), note: "Mine" }],
      [editContentAction, `${at}/contents/${c}/edit`, { businessId: b, contentId: c }, { noted_on: day(0), note: "Mine" }],
      [deleteContentAction, `${at}/contents/${c}/delete`, { businessId: b, contentId: c }, {}],
      [deleteActionAction, `${at}/actions/${a}/delete`, { businessId: b, actionId: a }, {}],
      [deleteGoalAction, `${at}/goals/${g}/delete`, { businessId: b, goalId: g }, {}],
      [deleteBusinessAction, `${at}/delete`, { businessId: b }, {}],
    ];
    for (const [handler, path, params, fields] of actions) expect((await post(handler, other, path, fields, params)).status, path).toBe(404);

    // The owner's own goal under another of their businesses' address is not found either.
    const elsewhere = String(await aBusiness(owner, "Elsewhere"));
    expect((await get(editGoalLoader, owner, `/user/businesses/${elsewhere}/goals/${g}/edit`, { businessId: elsewhere, goalId: g })).status).toBe(404);
    expect((await get(editActionLoader, owner, `/user/businesses/${elsewhere}/actions/${a}/edit`, { businessId: elsewhere, actionId: a })).status).toBe(404);
    expect((await get(editContentLoader, owner, `/user/businesses/${elsewhere}/contents/${c}/edit`, { businessId: elsewhere, contentId: c })).status).toBe(404);
    expect((await get(pageLoader, owner, "/user/businesses/99999999999", { businessId: "99999999999" })).status).toBe(404);

    const page = await pageOf(owner, businessId);
    expect(page.business.name).toBe("Bakery");
    expect(page.goals).toMatchObject([
      { title: "Open a second shop", done: 0, total: 1, actions: [{ id: actionId, status: "pending", contents: [{ id: content.id }] }] },
    ]);
  });
});
