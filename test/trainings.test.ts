import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { trainingWhen } from "~/features/trainings/TrainingList";
import { registerForTraining } from "~/features/trainings/trainings.server";
import { wallClockIn } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { loader as fileLoader } from "~/routes/files/user.files.$token";
import { loader as homeLoader } from "~/routes/home/user._index";
import { loader as specCreate } from "~/routes/spec/user.training.create";
import { action as specDelete } from "~/routes/spec/user.training.delete";
import { loader as specEdit } from "~/routes/spec/user.training.edit.$trainingId";
import { action as pageAction, loader as pageLoader } from "~/routes/trainings/user.trainings_.$trainingId";
import { action as deleteAction, loader as deleteLoader } from "~/routes/trainings/user.trainings_.$trainingId.delete";
import { action as editAction, loader as editLoader } from "~/routes/trainings/user.trainings_.$trainingId.edit";
import { action as newAction, loader as newLoader } from "~/routes/trainings/user.trainings.new";
import { loader as listLoader } from "~/routes/trainings/user.trainings";
import { png, uploadRequest, VIDEO_HEADS } from "./fixtures/files";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const DATE = `${NEXT_YEAR}-03-14`;

const FIELDS = { title: "Negotiation basics", date: DATE, start_time: "09:30", duration: "90", place: "Club house" };

function create(member: TestMember, fields: Record<string, string>) {
  return settle(() => newAction(routeArgs(postRequest("/user/trainings/new", { csrf: "x", ...fields }, member.cookie))));
}

async function created(member: TestMember, fields: Record<string, string> = {}) {
  const response = await create(member, { ...FIELDS, ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  return Number(response.headers.get("Location")!.split("/").pop());
}

function row(id: number) {
  return db.selectFrom("trainings").selectAll().where("id", "=", id).executeTakeFirst();
}

type Page = { training: { title: string; registered: boolean; isCreator: boolean; taken: number }; registrants: { name: string }[] };

async function page(member: TestMember, id: number) {
  const response = await settle(() => pageLoader(routeArgs(getRequest(`/user/trainings/${id}`, member.cookie), { trainingId: String(id) })));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

function press(member: TestMember, id: number, intent: string) {
  return settle(() => pageAction(routeArgs(postRequest(`/user/trainings/${id}`, { csrf: "x", intent }, member.cookie), { trainingId: String(id) })));
}

async function list(member: TestMember, query = "") {
  const response = await settle(() => listLoader(routeArgs(getRequest(`/user/trainings${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as { total: number; trainings: { id: number; title: string; trainer_name: string }[] };
}

describe("trainings", () => {
  test("creating refuses bad input beside each field, keeps what was typed, and defaults the trainer to the creator", async () => {
    const member = await createSignedInMember({ name: "Ada Obi" });
    const form = await settle(() => newLoader(routeArgs(getRequest("/user/trainings/new", member.cookie))));
    expect(await form.json()).toMatchObject({ memberName: "Ada Obi" });

    const bad = await create(member, { title: " ", date: "99999-01-01", start_time: "25:00", duration: "-5", capacity: "abc", online_link: "not a link" });
    expect(bad.status).toBe(400);
    expect(((await bad.clone().json()) as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
      date: "99999-01-01",
      duration: "-5",
    });
    expect(await replyErrors(bad)).toEqual({
      title: ["Title is required."],
      date: ["Enter a date as yyyy-mm-dd."],
      start_time: ["Enter a time as hh:mm."],
      duration: ["Enter a number above 0."],
      capacity: ["Enter a whole number."],
      online_link: ["Enter a link starting with https://."],
    });
    expect(await replyErrors(await create(member, { ...FIELDS, place: "" }))).toEqual({ place: ["Enter a place or an online link."] });
    expect(await db.selectFrom("trainings").select("id").execute()).toHaveLength(0);

    const response = await create(member, { ...FIELDS, online_link: "https://meet.example.com/abc", capacity: "12", description: "Bring a case." });
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "“Negotiation basics” created." });
    const id = Number(response.headers.get("Location")!.split("/").pop());
    expect(await row(id)).toMatchObject({
      member_id: member.id,
      trainer_name: "Ada Obi",
      date: DATE,
      start_time: "09:30",
      duration_minutes: 90,
      capacity: 12,
      taken: 0,
      online_link: "https://meet.example.com/abc",
    });
  });

  test("every member sees upcoming and past trainings, searched by text", async () => {
    const creator = await createSignedInMember();
    await created(creator, { title: "Pitch practice", trainer_name: "Kemi Ade" });
    await created(creator, { title: "Bookkeeping", date: `${NEXT_YEAR}-01-05` });
    const past = await created(creator, { title: "Old pitch night", date: "2020-05-01" });
    const other = await createSignedInMember();
    expect((await list(other)).trainings.map((training) => training.title)).toEqual(["Bookkeeping", "Pitch practice"]);
    expect((await list(other, "?when=past")).trainings.map((training) => training.id)).toEqual([past]);
    expect((await list(other, "?q=PITCH")).trainings.map((training) => training.title)).toEqual(["Pitch practice"]);
    expect((await list(other, "?q=kemi")).trainings.map((training) => training.trainer_name)).toEqual(["Kemi Ade"]);
    expect((await list(other, "?q=100%25")).total).toBe(0);
    expect((await list(other, "?when=past&q=pitch")).trainings.map((training) => training.title)).toEqual(["Old pitch night"]);
    // A past training takes no registration, and keeps those it had.
    expect(await flashOf(await press(other, past, "register"))).toEqual({ type: "error", message: "This training has started: registration is closed." });
    await db.insertInto("training_registrations").values({ training_id: past, member_id: other.id, created_at: "2020-04-01T10:00:00.000Z" }).execute();
    expect(await flashOf(await press(other, past, "unregister"))).toEqual({
      type: "error",
      message: "This training has started: you can no longer unregister.",
    });
    expect(await db.selectFrom("training_registrations").select("id").where("training_id", "=", past).execute()).toHaveLength(1);
  });

  test("a training has a time zone, the club's unless chosen: stored, shown, and its own clock says when it starts", async () => {
    await db.insertInto("club_settings").values({ id: 1, time_zone: "Asia/Tokyo", updated_at: new Date().toISOString() }).execute();
    const creator = await createSignedInMember();
    const form = await settle(() => newLoader(routeArgs(getRequest("/user/trainings/new", creator.cookie))));
    expect(await form.json()).toMatchObject({ defaultTimeZone: "Asia/Tokyo", timeZones: expect.arrayContaining(["America/Los_Angeles"]) });

    const inClubZone = await created(creator);
    expect((await row(inClubZone))!.time_zone).toBe("Asia/Tokyo");
    // An hour ago on the club's clock is hours ahead in Los Angeles: not started there.
    const [date, time] = wallClockIn(new Date(Date.now() - 3_600_000), "Asia/Tokyo").split("T");
    const id = await created(creator, { date, start_time: time.slice(0, 5), time_zone: "America/Los_Angeles" });
    expect((await row(id))!.time_zone).toBe("America/Los_Angeles");
    expect((await page(creator, id)).training).toMatchObject({ timeZone: "America/Los_Angeles" });
    const member = await createSignedInMember();
    expect(await flashOf(await press(member, id, "register"))).toEqual({ type: "success", message: "You are registered for Negotiation basics." });
    const early = await created(creator, { date, start_time: time.slice(0, 5) });
    expect(await flashOf(await press(member, early, "register"))).toEqual({ type: "error", message: "This training has started: registration is closed." });

    const edit = await settle(() => editLoader(routeArgs(getRequest(`/user/trainings/${id}/edit`, creator.cookie), { trainingId: String(id) })));
    expect(await edit.json()).toMatchObject({ training: { time_zone: "America/Los_Angeles" } });
    expect(await replyErrors(await create(creator, { ...FIELDS, time_zone: "Los Angeles" }))).toEqual({ time_zone: ["Choose a time zone from the list."] });
  });

  test("the list names each training's time zone, as events do: its own, or the club's", async () => {
    await db.insertInto("club_settings").values({ id: 1, time_zone: "Africa/Lagos", updated_at: new Date().toISOString() }).execute();
    const creator = await createSignedInMember();
    const own = await created(creator, { title: "Pricing", time_zone: "America/Los_Angeles" });
    const club = await created(creator, { title: "Selling" });
    const rows = (await list(creator)).trainings as unknown as { id: number; date: string; start_time: string; duration_minutes: number; timeZone: string }[];
    const when = (id: number) => {
      const training = rows.find((row) => row.id === id)!;
      return trainingWhen(training, training.timeZone);
    };
    expect(when(own)).toContain("14 Mar " + NEXT_YEAR + ", 09:30 (America/Los Angeles) · 1 h 30 min");
    expect(when(club)).toContain("09:30 (Africa/Lagos) · ");
  });

  test("members register and unregister; the creator sees who registered; a full training refuses", async () => {
    const creator = await createSignedInMember();
    const id = await created(creator, { capacity: "1" });
    const ada = await createSignedInMember({ name: "Ada" });
    const ben = await createSignedInMember({ name: "Ben" });

    const registered = await press(ada, id, "register");
    expect(await flashOf(registered)).toEqual({ type: "success", message: "You are registered for Negotiation basics." });
    expect((await page(ada, id)).training).toMatchObject({ registered: true, isCreator: false, taken: 1 });
    expect((await page(ada, id)).registrants).toEqual([]);
    expect((await page(creator, id)).registrants.map((registrant) => registrant.name)).toEqual(["Ada"]);
    expect(await flashOf(await press(ada, id, "register"))).toEqual({ type: "error", message: "You are already registered for this training." });
    expect(await flashOf(await press(ben, id, "register"))).toEqual({ type: "error", message: "This training is full." });

    expect(await flashOf(await press(ada, id, "unregister"))).toEqual({ type: "success", message: "You are no longer registered for Negotiation basics." });
    expect((await row(id))!.taken).toBe(0);
    expect((await press(ada, id, "unregister")).status).toBe(302);
    expect((await row(id))!.taken).toBe(0);
    expect(await flashOf(await press(ben, id, "register"))).toEqual({ type: "success", message: "You are registered for Negotiation basics." });
    expect((await press(ben, id, "dance")).status).toBe(400);
    expect((await press(ben, 999999, "register")).status).toBe(404);
    expect((await registerForTraining(ben.id, 999999)).ok).toBe(false);

    // With JS the same answer is a notification.
    const fetched = new Request(`${BASE}/user/trainings/${id}`, {
      method: "POST",
      body: new URLSearchParams({ csrf: "x", intent: "register" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: ada.cookie },
    });
    const answer = await settle(() => pageAction(routeArgs(fetched, { trainingId: String(id) })));
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ type: "error", message: "This training is full." });
  });

  test("the last place taken by two members at once goes to exactly one of them", async () => {
    const creator = await createSignedInMember();
    const id = await created(creator, { capacity: "2" });
    const first = await createSignedInMember();
    expect((await registerForTraining(first.id, id)).ok).toBe(true);
    const [a, b] = [await createSignedInMember(), await createSignedInMember()];
    const results = await Promise.all([registerForTraining(a.id, id), registerForTraining(b.id, id)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.selectFrom("training_registrations").select("member_id").where("training_id", "=", id).execute()).toHaveLength(2);
    expect((await row(id))!.taken).toBe(2);
  });

  test("only the creator edits; the capacity cannot drop below those registered", async () => {
    const creator = await createSignedInMember({ name: "Cleo" });
    const id = await created(creator, { capacity: "3" });
    const other = await createSignedInMember();
    await registerForTraining(other.id, id);
    const params = { trainingId: String(id) };
    expect((await settle(() => editLoader(routeArgs(getRequest(`/user/trainings/${id}/edit`, other.cookie), params)))).status).toBe(404);
    expect(
      (await settle(() => editAction(routeArgs(postRequest(`/user/trainings/${id}/edit`, { csrf: "x", ...FIELDS, title: "Mine now" }, other.cookie), params))))
        .status,
    ).toBe(404);
    expect((await settle(() => specEdit(routeArgs(getRequest(`/user/training/edit/${id}`, other.cookie), params)))).status).toBe(404);
    expect((await settle(() => editLoader(routeArgs(getRequest(`/user/trainings/${id}/edit`, creator.cookie), params)))).status).toBe(200);
    expect((await settle(() => specEdit(routeArgs(getRequest(`/user/training/edit/${id}`, creator.cookie), params)))).headers.get("Location")).toBe(
      `/user/trainings/${id}/edit`,
    );
    expect((await settle(() => specCreate(routeArgs(getRequest("/user/training/create", creator.cookie))))).headers.get("Location")).toBe(
      "/user/trainings/new",
    );
    expect((await settle(() => pageLoader(routeArgs(getRequest("/user/trainings/999999", creator.cookie), { trainingId: "999999" })))).status).toBe(404);

    const edit = (fields: Record<string, string>) =>
      settle(() => editAction(routeArgs(postRequest(`/user/trainings/${id}/edit`, { csrf: "x", ...FIELDS, ...fields }, creator.cookie), params)));
    const refused = await edit({ capacity: "0" });
    expect(await replyErrors(refused)).toEqual({ capacity: ["Enter a number above 0."] });
    // The capacity is checked against those registered once the form is good.
    await registerForTraining((await createSignedInMember()).id, id);
    expect(await replyErrors(await edit({ capacity: "1" }))).toEqual({ capacity: ["2 members are registered already: the capacity cannot be lower."] });
    const saved = await edit({ title: "Negotiation II", capacity: "2", trainer_name: "" });
    expect(saved.headers.get("Location")).toBe(`/user/trainings/${id}`);
    expect(await row(id)).toMatchObject({ title: "Negotiation II", capacity: 2, trainer_name: "Cleo", taken: 2 });
    expect((await edit({ capacity: "" })).status).toBe(302);
    expect(await row(id)).toMatchObject({ capacity: null, taken: 2 });
  });

  test("an image goes through the one upload path and every member can see it", async () => {
    const creator = await createSignedInMember();
    const request = uploadRequest(
      "/user/trainings/new",
      { name: "board.png", content: await png() },
      { cookie: creator.cookie, field: "image", fields: { csrf: "x", ...FIELDS } },
    );
    const response = await settle(() => newAction(routeArgs(request)));
    expect(response.status).toBe(302);
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const other = await createSignedInMember();
    const { training } = (await page(other, id)) as Page & { training: { imageUrl: string } };
    const token = training.imageUrl.split("/").pop()!.split("?")[0];
    expect((await settle(() => fileLoader(routeArgs(getRequest(training.imageUrl, other.cookie), { token })))).status).toBe(200);
    expect(await db.selectFrom("files").select("kind").where("token", "=", token).executeTakeFirst()).toEqual({ kind: "training_image" });

    const refused = uploadRequest(
      `/user/trainings/${id}/edit`,
      { name: "x.png", content: Buffer.from("not an image") },
      { cookie: creator.cookie, field: "image", fields: { csrf: "x", ...FIELDS } },
    );
    const refusal = await settle(() => editAction(routeArgs(refused, { trainingId: String(id) })));
    expect(refusal.status).toBe(400);
    expect(Object.keys(await replyErrors(refusal))).toEqual(["image"]);
  });

  test("a video goes through the same path: shown to every member as a video, kept out of the list's pictures", async () => {
    const creator = await createSignedInMember();
    const request = uploadRequest(
      "/user/trainings/new",
      { name: "warm-up.mp4", content: VIDEO_HEADS.mp4() },
      { cookie: creator.cookie, field: "image", fields: { csrf: "x", ...FIELDS } },
    );
    const response = await settle(() => newAction(routeArgs(request)));
    expect(response.status, await response.clone().text()).toBe(302);
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const other = await createSignedInMember();
    const { training } = (await page(other, id)) as Page & { training: { imageUrl: string | null; videoUrl: string } };
    expect(training.imageUrl).toBeNull();
    const token = training.videoUrl.split("/").pop()!;
    const file = await settle(() => fileLoader(routeArgs(getRequest(training.videoUrl, other.cookie), { token })));
    expect(file.status).toBe(200);
    expect(await db.selectFrom("files").select(["kind", "media_type"]).where("token", "=", token).executeTakeFirst()).toEqual({
      kind: "training_image",
      media_type: "video/mp4",
    });
    const list = (await (await settle(() => listLoader(routeArgs(getRequest("/user/trainings", other.cookie))))).json()) as {
      trainings: { id: number; imageUrl: string | null }[];
    };
    expect(list.trainings.find((each) => each.id === id)).toMatchObject({ imageUrl: null });

    // A document is neither an image nor a video: refused beside the field, nothing saved.
    const refused = uploadRequest(
      `/user/trainings/${id}/edit`,
      { name: "notes.pdf", content: Buffer.from("%PDF-1.4 notes") },
      { cookie: creator.cookie, field: "image", fields: { csrf: "x", ...FIELDS } },
    );
    const refusal = await settle(() => editAction(routeArgs(refused, { trainingId: String(id) })));
    expect(refusal.status).toBe(400);
    const errors = await replyErrors(refusal);
    expect(Object.keys(errors)).toEqual(["image"]);
    expect(String((errors as Record<string, string[]>).image[0])).toContain("A training image or video must be a jpg");
    const video = await db.selectFrom("files").select("id").where("token", "=", token).executeTakeFirstOrThrow();
    expect((await row(id))!.image_id).toBe(video.id);
  });

  test("only the creator deletes, after asking; each registered member is told; SPEC's address answers too", async () => {
    const creator = await createSignedInMember();
    const id = await created(creator);
    const ada = await createSignedInMember();
    const ben = await createSignedInMember();
    await registerForTraining(ada.id, id);
    await registerForTraining(ben.id, id);
    const params = { trainingId: String(id) };

    expect((await settle(() => deleteLoader(routeArgs(getRequest(`/user/trainings/${id}/delete`, ada.cookie), params)))).status).toBe(404);
    expect((await settle(() => deleteAction(routeArgs(postRequest(`/user/trainings/${id}/delete`, { csrf: "x" }, ada.cookie), params)))).status).toBe(404);
    expect((await settle(() => specDelete(routeArgs(postRequest("/user/training/delete", { csrf: "x", training_id: String(id) }, ada.cookie))))).status).toBe(
      404,
    );
    expect((await settle(() => specDelete(routeArgs(postRequest("/user/training/delete", { csrf: "x", training_id: "abc" }, creator.cookie))))).status).toBe(
      404,
    );
    expect(await row(id)).toBeDefined();
    expect(await (await settle(() => deleteLoader(routeArgs(getRequest(`/user/trainings/${id}/delete`, creator.cookie), params)))).json()).toMatchObject({
      registered: 2,
    });

    const home = async (member: TestMember) =>
      ((await (await settle(() => homeLoader(routeArgs(getRequest("/user", member.cookie))))).json()) as { planning: { nextTraining: { id: number } | null } })
        .planning.nextTraining;
    expect(await home(ada)).toMatchObject({ id, title: "Negotiation basics" });
    expect(await home(creator)).toBeNull();

    const request = new Request(`${BASE}/user/training/delete`, {
      method: "DELETE",
      body: new URLSearchParams({ csrf: "x", training_id: String(id) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: creator.cookie },
    });
    const answer = await settle(() => specDelete(routeArgs(request)));
    expect(await answer.json()).toMatchObject({ type: "success", message: "“Negotiation basics” deleted." });
    expect(await row(id)).toBeUndefined();
    expect(await db.selectFrom("training_registrations").select("id").execute()).toEqual([]);
    const told = await db.selectFrom("notifications").select(["member_id", "kind", "message"]).orderBy("member_id").execute();
    expect(told.map((notification) => notification.member_id)).toEqual([ada.id, ben.id]);
    expect(told[0]).toMatchObject({ kind: "training_cancelled", message: expect.stringContaining('"Negotiation basics"') });
    expect(await home(ada)).toBeNull();
  });
});
