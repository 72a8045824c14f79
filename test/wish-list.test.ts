import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { loader as fileLoader } from "~/routes/files/user.files.$token";
import { action as deleteAction, loader as deleteLoader } from "~/routes/planning/user.wish-list.$itemId.delete";
import { action as editAction, loader as editLoader } from "~/routes/planning/user.wish-list.$itemId.edit";
import { action as statusAction, loader as statusLoader } from "~/routes/planning/user.wish-list.$itemId.status";
import { loader as filterLoader } from "~/routes/planning/user.wish-list.filter";
import { action as newAction, loader as newLoader } from "~/routes/planning/user.wish-list.new";
import { loader as listLoader } from "~/routes/planning/user.wish-list";
import { loader as specCreate } from "~/routes/spec/user.task.wish-list-create";
import { action as specDelete } from "~/routes/spec/user.task.wish-list-delete";
import { loader as specEdit } from "~/routes/spec/user.task.wish-list-edit.$itemId";
import { loader as specFilter } from "~/routes/spec/user.task.wish-list-filter-form";
import { loader as specMyList } from "~/routes/spec/user.task.my-wish-list";
import { action as specStatus } from "~/routes/spec/user.task.wish-list-status-change";
import { png, uploadRequest } from "./fixtures/files";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const YEAR = new Date().getUTCFullYear();

function add(member: TestMember, fields: Record<string, string>, query = "") {
  return settle(() => newAction(routeArgs(postRequest(`/user/wish-list/new${query}`, { csrf: "x", ...fields }, member.cookie))));
}

async function added(member: TestMember, fields: Record<string, string> = {}) {
  const response = await add(member, { title: "Learn Spanish", type: "learn", target_year: String(YEAR), ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const row = await db.selectFrom("wish_list_items").select("id").where("member_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.id;
}

function row(id: number) {
  return db.selectFrom("wish_list_items").selectAll().where("id", "=", id).executeTakeFirst();
}

type ListData = {
  year: number;
  years: number[];
  type: string | null;
  status: string | null;
  items: { id: number; title: string; status: string; imageUrl: string | null }[];
};

async function list(member: TestMember, query = "") {
  const response = await settle(() => listLoader(routeArgs(getRequest(`/user/wish-list${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as ListData;
}

function itemArgs(member: TestMember, path: string, id: number, fields?: Record<string, string>) {
  const request = fields ? postRequest(path, { csrf: "x", ...fields }, member.cookie) : getRequest(path, member.cookie);
  return routeArgs(request, { itemId: String(id) });
}

describe("wish list", () => {
  test("adding refuses bad input beside each field; the item lands on its year's list", async () => {
    const member = await createSignedInMember();
    const form = await settle(() => newLoader(routeArgs(getRequest(`/user/wish-list/new?year=${YEAR + 1}&type=travel`, member.cookie))));
    expect(await form.json()).toMatchObject({ year: YEAR + 1, type: "travel", currency: expect.stringMatching(/^[A-Z]{3}$/) });

    const bad = await add(member, { title: " ", type: "fly", target_year: "99999", cost: "-20", status: "someday" });
    expect(bad.status).toBe(400);
    const body = (await bad.clone().json()) as { result: { initialValue: Record<string, string> } };
    expect(body.result.initialValue).toMatchObject({ target_year: "99999", cost: "-20" });
    expect(await replyErrors(bad)).toEqual({
      title: ["Title is required."],
      type: ["Choose a type from the list."],
      target_year: ["Enter a year from 2000 to 2100."],
      cost: ["The cost cannot be negative."],
      status: ["Choose a status from the list."],
    });
    const badDate = await replyErrors(
      await add(member, { title: "Visit Japan", type: "travel", target_year: String(YEAR), target_date: `${YEAR + 1}-04-01`, cost: "abc" }),
    );
    expect(badDate).toEqual({ target_date: ["The date must be in the year chosen."], cost: ["Enter an amount like 250 or 250.50."] });
    expect(await db.selectFrom("wish_list_items").select("id").execute()).toHaveLength(0);

    const response = await add(
      member,
      { title: "Visit Japan", type: "travel", target_year: String(YEAR + 1), target_date: `${YEAR + 1}-04-01`, cost: "2500.50", notes: "Cherry blossom" },
      `?year=${YEAR}&type=travel&status=achieved`,
    );
    expect(response.status).toBe(302);
    // Its year, with the part of the filter it matches.
    expect(response.headers.get("Location")).toBe(`/user/wish-list?year=${YEAR + 1}&type=travel`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "“Visit Japan” added to your wish list." });
    const [item] = (await list(member, `?year=${YEAR + 1}`)).items;
    expect(await row(item.id)).toMatchObject({
      member_id: member.id,
      title: "Visit Japan",
      type: "travel",
      target_year: YEAR + 1,
      target_date: `${YEAR + 1}-04-01`,
      cost_cents: 250050,
      notes: "Cherry blossom",
      status: "open",
    });
    expect((await list(member)).items).toHaveLength(0);
  });

  test("an image goes through the one upload path, is its owner's alone, and is replaced and deleted with the item", async () => {
    const member = await createSignedInMember();
    const request = uploadRequest(
      "/user/wish-list/new",
      { name: "boat.png", content: await png() },
      { cookie: member.cookie, field: "image", fields: { csrf: "x", title: "A sailing boat", type: "have", target_year: String(YEAR) } },
    );
    expect((await settle(() => newAction(routeArgs(request)))).status).toBe(302);
    const [item] = (await list(member)).items;
    expect(item.imageUrl).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
    const token = item.imageUrl!.split("/").pop()!.split("?")[0];
    const other = await createSignedInMember();
    expect((await settle(() => fileLoader(routeArgs(getRequest(item.imageUrl!, other.cookie), { token })))).status).toBe(404);
    expect((await settle(() => fileLoader(routeArgs(getRequest(item.imageUrl!, member.cookie), { token })))).status).toBe(200);

    const refused = uploadRequest(
      `/user/wish-list/${item.id}/edit`,
      { name: "notes.png", content: Buffer.from("not an image at all") },
      { cookie: member.cookie, field: "image", fields: { csrf: "x", title: "A sailing boat", type: "have", target_year: String(YEAR) } },
    );
    const refusal = await settle(() => editAction(routeArgs(refused, { itemId: String(item.id) })));
    expect(refusal.status).toBe(400);
    expect(Object.keys(await replyErrors(refusal))).toEqual(["image"]);

    const first = (await row(item.id))!.image_id!;
    const replaced = uploadRequest(
      `/user/wish-list/${item.id}/edit`,
      { name: "boat2.png", content: await png(80, 60) },
      { cookie: member.cookie, field: "image", fields: { csrf: "x", title: "A bigger boat", type: "have", target_year: String(YEAR) } },
    );
    expect((await settle(() => editAction(routeArgs(replaced, { itemId: String(item.id) })))).status).toBe(302);
    const second = (await row(item.id))!.image_id!;
    expect(second).not.toBe(first);
    expect(await db.selectFrom("files").select("id").where("id", "=", first).executeTakeFirst()).toBeUndefined();

    await settle(() => deleteAction(itemArgs(member, `/user/wish-list/${item.id}/delete`, item.id, {})));
    expect(await db.selectFrom("files").select("id").where("id", "=", second).executeTakeFirst()).toBeUndefined();
  });

  test("one year at a time, filtered by type and status in the address; bad values answer 400", async () => {
    const member = await createSignedInMember();
    await added(member, { title: "Learn Spanish", type: "learn" });
    const trip = await added(member, { title: "Visit Japan", type: "travel", target_date: `${YEAR}-03-01` });
    await added(member, { title: "Run a marathon", type: "do", target_year: String(YEAR + 2) });
    await settle(() => statusAction(itemArgs(member, `/user/wish-list/${trip}/status`, trip, { status: "achieved" })));

    const all = await list(member);
    expect(all.year).toBe(YEAR);
    expect(all.items.map((item) => item.title)).toEqual(["Visit Japan", "Learn Spanish"]);
    expect(all.years).toContain(YEAR + 2);
    expect((await list(member, `?year=${YEAR + 2}`)).items.map((item) => item.title)).toEqual(["Run a marathon"]);
    expect((await list(member, "?type=travel")).items.map((item) => item.title)).toEqual(["Visit Japan"]);
    expect((await list(member, "?status=open")).items.map((item) => item.title)).toEqual(["Learn Spanish"]);
    expect((await list(member, "?type=travel&status=open")).items).toEqual([]);
    expect((await list(member, "?type=&status=")).items).toHaveLength(2);

    for (const query of ["?year=99999", "?year=abc", "?type=fly", "?status=someday"]) {
      const response = await settle(() => listLoader(routeArgs(getRequest(`/user/wish-list${query}`, member.cookie))));
      expect(response.status, query).toBe(400);
    }
    const filter = await settle(() => filterLoader(routeArgs(getRequest(`/user/wish-list/filter?year=${YEAR}&type=learn`, member.cookie))));
    expect(await filter.json()).toEqual({ year: YEAR, type: "learn", status: null });
    // Another member's list is their own.
    expect((await list(await createSignedInMember())).items).toEqual([]);
  });

  test("edit and status change keep the list's address; delete asks first", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { cost: "12.5" });
    const form = await settle(() => editLoader(itemArgs(member, `/user/wish-list/${id}/edit`, id)));
    expect(((await form.json()) as { item: { cost_cents: number } }).item.cost_cents).toBe(1250);
    const saved = await settle(() =>
      editAction(
        itemArgs(member, `/user/wish-list/${id}/edit?year=${YEAR}&type=learn`, id, {
          title: "Learn Portuguese",
          type: "learn",
          target_year: String(YEAR),
          status: "in_progress",
          cost: "",
        }),
      ),
    );
    expect(saved.headers.get("Location")).toBe(`/user/wish-list?year=${YEAR}&type=learn`);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "“Learn Portuguese” saved." });
    expect(await row(id)).toMatchObject({ title: "Learn Portuguese", status: "in_progress", cost_cents: null });
    const kept = await settle(() => editAction(itemArgs(member, `/user/wish-list/${id}/edit`, id, { title: "", type: "learn", target_year: String(YEAR) })));
    expect(kept.status).toBe(400);
    expect((await row(id))!.title).toBe("Learn Portuguese");

    const changed = await settle(() => statusAction(itemArgs(member, `/user/wish-list/${id}/status?year=${YEAR}&status=open`, id, { status: "achieved" })));
    expect(changed.headers.get("Location")).toBe(`/user/wish-list?year=${YEAR}&status=open`);
    expect(await flashOf(changed)).toEqual({ type: "success", message: "Learn Portuguese is now achieved." });
    expect((await row(id))!.status).toBe("achieved");
    const unknown = await settle(() => statusAction(itemArgs(member, `/user/wish-list/${id}/status`, id, { status: "someday" })));
    expect(unknown.status).toBe(400);
    expect((await row(id))!.status).toBe("achieved");
    expect((await settle(() => statusLoader(itemArgs(member, `/user/wish-list/${id}/status`, id)))).headers.get("Location")).toBe("/user/wish-list");

    expect(await (await settle(() => deleteLoader(itemArgs(member, `/user/wish-list/${id}/delete`, id)))).json()).toEqual({ title: "Learn Portuguese" });
    const deleted = await settle(() => deleteAction(itemArgs(member, `/user/wish-list/${id}/delete?year=${YEAR}`, id, {})));
    expect(deleted.headers.get("Location")).toBe(`/user/wish-list?year=${YEAR}`);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "“Learn Portuguese” deleted." });
    expect(await row(id)).toBeUndefined();
  });

  test("another member gets 404 on every item dialog, action and SPEC address", async () => {
    const owner = await createSignedInMember();
    const id = await added(owner);
    const other = await createSignedInMember();
    const answers = [
      await settle(() => editLoader(itemArgs(other, `/user/wish-list/${id}/edit`, id))),
      await settle(() => editAction(itemArgs(other, `/user/wish-list/${id}/edit`, id, { title: "Mine now", type: "do", target_year: String(YEAR) }))),
      await settle(() => deleteLoader(itemArgs(other, `/user/wish-list/${id}/delete`, id))),
      await settle(() => deleteAction(itemArgs(other, `/user/wish-list/${id}/delete`, id, {}))),
      await settle(() => statusAction(itemArgs(other, `/user/wish-list/${id}/status`, id, { status: "dropped" }))),
      await settle(() => specEdit(routeArgs(getRequest(`/user/task/wish-list-edit/${id}`, other.cookie), { itemId: String(id) }))),
      await settle(() => specDelete(routeArgs(postRequest("/user/task/wish-list-delete", { csrf: "x", wish_list_id: String(id) }, other.cookie)))),
      await settle(() =>
        specStatus(routeArgs(postRequest("/user/task/wish-list-status-change", { csrf: "x", wish_list_id: String(id), status: "dropped" }, other.cookie))),
      ),
      await settle(() => editLoader(itemArgs(other, "/user/wish-list/abc/edit", 0))),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(404));
    expect(await row(id)).toMatchObject({ title: "Learn Spanish", status: "open" });
    // Signed out: to the sign-in page.
    expect((await settle(() => listLoader(routeArgs(getRequest("/user/wish-list"))))).status).toBe(302);
  });

  test("SPEC addresses: dialogs lead to the list's dialogs; status change and delete answer type and message", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { target_year: String(YEAR + 1) });
    const location = async (run: () => Promise<unknown>) => (await settle(run)).headers.get("Location");
    expect(await location(() => specCreate(routeArgs(getRequest("/user/task/wish-list-create", member.cookie))))).toBe("/user/wish-list/new");
    expect(await location(() => specEdit(routeArgs(getRequest(`/user/task/wish-list-edit/${id}`, member.cookie), { itemId: String(id) })))).toBe(
      `/user/wish-list/${id}/edit?year=${YEAR + 1}`,
    );
    expect(await location(() => specFilter(routeArgs(getRequest("/user/task/wish-list-filter-form?year=2030", member.cookie))))).toBe(
      "/user/wish-list/filter?year=2030",
    );
    expect(await location(() => specMyList(routeArgs(getRequest("/user/task/my-wish-list?type=learn&x=1", member.cookie))))).toBe("/user/wish-list?type=learn");

    const json = (path: string, fields: Record<string, string>, method = "POST") =>
      new Request(`${BASE}${path}`, {
        method,
        body: new URLSearchParams({ csrf: "x", ...fields }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: member.cookie },
      });
    const status = await settle(() => specStatus(routeArgs(json("/user/task/wish-list-status-change", { wish_list_id: String(id), status: "in_progress" }))));
    expect(await status.json()).toMatchObject({ type: "success", message: "Learn Spanish is now in progress." });
    const badStatus = await settle(() => specStatus(routeArgs(json("/user/task/wish-list-status-change", { wish_list_id: String(id), status: "later" }))));
    expect(badStatus.status).toBe(400);
    const deleted = await settle(() => specDelete(routeArgs(json("/user/task/wish-list-delete", { wish_list_id: String(id) }, "DELETE"))));
    expect(await deleted.json()).toMatchObject({ type: "success", message: "“Learn Spanish” deleted." });
    expect(await row(id)).toBeUndefined();
  });
});
