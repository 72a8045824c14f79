import fs from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";

// Paid tickets are paid by bank transfer: the club has an account (env() reads process.env on first use).
vi.hoisted(() => {
  process.env.BANK_IBAN = "GB33BUKB20201555555555";
});
import { saveEvent } from "~/routes/events/save-event.server";
import { createEvent, deleteEvent, getOwnEvent, listAttenders, setEventStatus, updateEvent } from "~/features/events/events.server";
import { eventCalendar, foldLine } from "~/features/events/ics.server";
import { EventSchema } from "~/features/events/schema";
import { wallClockToUtc } from "~/features/events/time";
import { buyTicket } from "~/features/tickets/purchase.server";
import { findEvent, issueTicket, SOLD_OUT } from "~/features/tickets/tickets.server";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { requireMember } from "~/lib/session.server";
import { loader as attendersAlias } from "~/routes/spec/user.ajax.event.events_list.$eventId";
import { loader as createAlias } from "~/routes/spec/user.event.create";
import { action as deleteAlias } from "~/routes/spec/user.event.delete";
import { loader as editAlias } from "~/routes/spec/user.event.edit.$eventId";
import { action as imageUpload } from "~/routes/spec/user.upload.event_simple_upload_single_image";
import { loader as listLoader } from "~/routes/events/user.events";
import { action as createAction, loader as createLoader } from "~/routes/events/user.events.create";
import { action as deleteAction, loader as deleteLoader } from "~/routes/events/user.events.delete.$eventId";
import { action as editAction, loader as editLoader } from "~/routes/events/user.events.edit.$eventId";
import { loader as eventById } from "~/routes/spec/user.events.get_event_by_id";
import { action as statusAction } from "~/routes/spec/user.events.status";
import { loader as detailLoader } from "~/routes/events/user.events_.$eventId";
import { loader as attendersLoader } from "~/routes/events/user.events_.$eventId.attenders";
import { loader as icsLoader } from "~/routes/events/user.events_.$eventId.calendar[.]ics";
import { action as uploadProfile } from "~/routes/spec/user.ajax.file_upload.profile";
import { loader as fileLoader } from "~/routes/files/user.files.$token";
import sharp from "sharp";
import { ticketsOf } from "./event-fixtures";
import { png, uploadRequest, VIDEO_HEADS } from "./fixtures/files";
import { createSignedInMember, day, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

/** A date `days` from today (UTC), as yyyy-mm-dd: tests do not depend on today's date. */
const VALID = {
  title: "Founders' dinner",
  description: "Dinner; talks, and more",
  start_date: day(10),
  start_time: "19:00",
  end_date: day(10),
  end_time: "22:30",
  time_zone: "Europe/Paris",
  venue: "Hotel Lutetia",
  general_capacity: "50",
  general_amount: "25.50",
  vip_capacity: "",
  vip_amount: "",
};

function create(member: TestMember, fields: Record<string, string>) {
  return settle(() => createAction(routeArgs(postRequest("/user/events/create", { csrf: "x", intent: "save", ...fields }, member.cookie))));
}

function edit(member: TestMember, id: number, fields: Record<string, string>) {
  return settle(() =>
    editAction(routeArgs(postRequest(`/user/events/edit/${id}`, { csrf: "x", intent: "save", ...fields }, member.cookie), { eventId: String(id) })),
  );
}

async function created(member: TestMember, fields: Record<string, string> = {}) {
  const response = await create(member, { ...VALID, ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const id = Number(/^\/user\/events\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

function row(id: number) {
  return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
}

async function list(member: TestMember, query = "") {
  const response = await settle(() => listLoader(routeArgs(getRequest(`/user/events${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    events: { id: number; title: string; interestedCount: number; goingCount: number; interested: boolean; going: boolean }[];
    total: number;
  };
}

describe("creating and editing events", () => {
  test("the form's data and a valid event: saved with cents, wall-clock times, the zone and the instants", async () => {
    const owner = await createSignedInMember();
    const form = await settle(() => createLoader(routeArgs(getRequest("/user/events/create", owner.cookie))));
    const data = (await form.json()) as { timeZones: string[]; defaultTimeZone: string };
    expect(data.timeZones).toContain("Europe/Paris");
    expect(data.timeZones).toContain(data.defaultTimeZone);

    const response = await create(owner, VALID);
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Event created." });
    const id = Number(/(\d+)$/.exec(response.headers.get("Location")!)![1]);
    expect(response.headers.get("Location")).toBe(`/user/events/${id}`);
    const event = await row(id);
    expect(event).toMatchObject({
      owner_id: owner.id,
      title: "Founders' dinner",
      starts_at: `${day(10)}T19:00`,
      ends_at: `${day(10)}T22:30`,
      time_zone: "Europe/Paris",
      general_capacity: 50,
      general_amount_cents: 2550,
      vip_capacity: null,
      vip_amount_cents: null,
    });
    expect(event!.starts_at_utc).toBe(wallClockToUtc(`${day(10)}T19:00`, "Europe/Paris"));
  });

  test("validation messages next to the fields", async () => {
    const owner = await createSignedInMember();
    const response = await create(owner, {
      ...VALID,
      title: "  ",
      start_time: "19:03",
      end_date: "2026-02-30",
      time_zone: "Mars/Olympus",
      general_capacity: "0",
      general_amount: "12.345",
    });
    expect(response.status).toBe(400);
    const errors = await replyErrors(response);
    expect(errors.title).toEqual(["Title is required."]);
    expect(errors.start_time).toEqual(["Choose a time in steps of 5 minutes."]);
    expect(errors.end_date).toEqual(["Enter a date as yyyy-mm-dd."]);
    expect(errors.time_zone).toEqual(["Choose a time zone from the list."]);
    expect(errors.general_capacity).toEqual(["Enter a number of seats of 1 or more."]);
    expect(errors.general_amount).toEqual(["Enter an amount like 25 or 25.50."]);

    const missing = await replyErrors(await create(owner, { title: "x" }));
    expect(missing.start_date).toEqual(["Start date is required."]);
    expect(missing.end_time).toEqual(["End time is required."]);

    const backwards = await replyErrors(await create(owner, { ...VALID, title: "", end_time: "18:00" }));
    expect(backwards.end_time).toEqual(["The end must be after the start."]);
    expect(backwards.title).toEqual(["Title is required."]);
    expect(await db.selectFrom("events").select("id").execute()).toHaveLength(0);
  });

  test("without JS, the place button refreshes the provinces and keeps what was typed, saving nothing", async () => {
    const owner = await createSignedInMember();
    const response = await create(owner, { ...VALID, intent: "refresh-places", country: "DE" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { places: { provinces: { value: string }[] }; result: { initialValue: Record<string, string> } };
    expect(body.places.provinces.map((province) => province.value)).toContain("BE");
    expect(body.result.initialValue.title).toBe(VALID.title);
    expect(await db.selectFrom("events").select("id").execute()).toHaveLength(0);
    const wrong = await replyErrors(await create(owner, { ...VALID, country: "DE", province: "XX" }));
    expect(wrong.province).toEqual(["Choose a province from the list."]);
  });

  test("an image uploaded with the form is kept; a video is refused next to the field", async () => {
    const owner = await createSignedInMember();
    const request = uploadRequest(
      "/user/events/create",
      { name: "stage.png", content: await png() },
      { cookie: owner.cookie, field: "image", fields: { csrf: "x", intent: "save", ...VALID } },
    );
    const response = await settle(() => createAction(routeArgs(request)));
    expect(response.status).toBe(302);
    const id = Number(/(\d+)$/.exec(response.headers.get("Location")!)![1]);
    const event = await row(id);
    const file = await db.selectFrom("files").selectAll().where("id", "=", event!.image_id!).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ kind: "event_media", owner_id: owner.id, media_type: "image/png" });

    // Editing keeps the image unless another is chosen or "Remove this image" is ticked.
    await edit(owner, id, { ...VALID, title: "Kept" });
    expect((await row(id))!.image_id).toBe(file.id);
    const unclear = await edit(owner, id, { ...VALID, remove_image: "yes" });
    expect(unclear.status).toBe(400);
    expect((await replyErrors(unclear)).remove_image).toEqual(["Tick the box to remove the image."]);
    expect((await row(id))!.image_id).toBe(file.id);
    await edit(owner, id, { ...VALID, remove_image: "1" });
    expect((await row(id))!.image_id).toBeNull();
    expect(await db.selectFrom("files").select("id").where("id", "=", file.id).executeTakeFirst()).toBeUndefined();

    const bad = uploadRequest(
      "/user/events/create",
      { name: "notes.txt", content: Buffer.from("hello") },
      { cookie: owner.cookie, field: "image", fields: { csrf: "x", intent: "save", ...VALID } },
    );
    const refused = await settle(() => createAction(routeArgs(bad)));
    expect(refused.status).toBe(400);
    expect((await replyErrors(refused)).image?.[0]).toMatch(/^Upload error: notes\.txt: /);
  });

  test("the owner edits; seats already taken cannot be taken away", async () => {
    const owner = await createSignedInMember();
    const id = await created(owner);
    const form = await settle(() => editLoader(routeArgs(getRequest(`/user/events/edit/${id}`, owner.cookie), { eventId: String(id) })));
    expect(form.status).toBe(200);

    const saved = await edit(owner, id, { ...VALID, title: "Founders' supper", vip_capacity: "10", vip_amount: "" });
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Event saved." });
    expect(await row(id)).toMatchObject({ title: "Founders' supper", vip_capacity: 10, vip_amount_cents: null });

    await db.updateTable("events").set({ general_taken: 3 }).where("id", "=", id).execute();
    const errors = await replyErrors(await edit(owner, id, { ...VALID, general_capacity: "2" }));
    expect(errors.general_capacity).toEqual(["3 seats are already taken: the capacity cannot be less."]);
  });

  test("a seat taken between the form's check and the save: the capacity is not lowered under it, the same message shows", async () => {
    const owner = await createSignedInMember();
    const buyer = await createSignedInMember();
    const second = await createSignedInMember();
    const id = await created(owner, { general_capacity: "5", vip_capacity: "3", vip_amount: "" });
    const request = () =>
      postRequest(`/user/events/edit/${id}`, { csrf: "x", intent: "save", ...VALID, title: "Renamed", general_capacity: "1", vip_capacity: "" }, owner.cookie);
    // What the edit action read at the start of its request: no seat taken yet.
    const member = await requireMember(getRequest(`/user/events/edit/${id}`, owner.cookie));
    const stale = (await getOwnEvent(member.id, id))!;
    expect(stale).toMatchObject({ general_taken: 0, vip_taken: 0 });
    // Meanwhile two general seats and a VIP seat are taken.
    for (const [type, holder] of [
      ["general", buyer],
      ["general", second],
      ["vip", buyer],
    ] as const) {
      expect(await issueTicket({ eventId: id, type, holderId: holder.id, issuedBy: null, amountCents: 0, status: "issued" })).toMatchObject({ ok: true });
    }
    const before = await row(id);

    const response = await settle(() => saveEvent(request(), member, stale));
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({
      general_capacity: ["2 seats are already taken: the capacity cannot be less."],
      vip_capacity: ["1 seat is already taken: the capacity cannot be less."],
    });
    // Nothing was written: the seats, the capacities and the rest of the event are as saved.
    expect(await row(id)).toEqual(before);
    expect(before).toMatchObject({ title: VALID.title, general_capacity: 5, general_taken: 2, vip_capacity: 3, vip_taken: 1 });

    // A capacity that still holds the seats is saved.
    const fits = postRequest(
      `/user/events/edit/${id}`,
      { csrf: "x", intent: "save", ...VALID, title: "Renamed", general_capacity: "2", vip_capacity: "1" },
      owner.cookie,
    );
    expect((await settle(() => saveEvent(fits, member, stale))).status).toBe(302);
    expect(await row(id)).toMatchObject({ title: "Renamed", general_capacity: 2, vip_capacity: 1 });
  });

  test("clearing a type (not offered) while its seat is taken is refused; another member's or a missing event is not found", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await created(owner, { vip_capacity: "2", vip_amount: "" });
    const input = EventSchema.parse({ ...VALID, vip_capacity: "" });
    expect(await issueTicket({ eventId: id, type: "vip", holderId: other.id, issuedBy: null, amountCents: 0, status: "issued" })).toMatchObject({ ok: true });
    expect(await updateEvent(owner.id, id, input)).toEqual({ saved: false, errors: { vip_capacity: "1 seat is already taken: the capacity cannot be less." } });
    expect(await row(id)).toMatchObject({ vip_capacity: 2, vip_taken: 1 });
    expect(await updateEvent(other.id, id, input)).toEqual({ saved: false, notFound: true });
    expect(await updateEvent(owner.id, 999_999, input)).toEqual({ saved: false, notFound: true });
  });

  test("another member gets 404 for edit and delete, and changes nothing", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await created(owner);
    const params = { eventId: String(id) };
    const attempts = [
      () => editLoader(routeArgs(getRequest(`/user/events/edit/${id}`, other.cookie), params)),
      () => editAction(routeArgs(postRequest(`/user/events/edit/${id}`, { csrf: "x", ...VALID, title: "Mine now" }, other.cookie), params)),
      () => deleteLoader(routeArgs(getRequest(`/user/events/delete/${id}`, other.cookie), params)),
      () => deleteAction(routeArgs(postRequest(`/user/events/delete/${id}`, { csrf: "x" }, other.cookie), params)),
      () => editAlias(routeArgs(getRequest(`/user/event/edit/${id}`, other.cookie), params)),
    ];
    for (const attempt of attempts) expect((await settle(attempt)).status).toBe(404);
    expect((await row(id))?.title).toBe(VALID.title);
    // Unknown or malformed ids: 404 as well.
    for (const eventId of ["999999", "abc"]) {
      expect((await settle(() => detailLoader(routeArgs(getRequest(`/user/events/${eventId}`, owner.cookie), { eventId })))).status).toBe(404);
    }
  });

  test("the SPEC paths lead to the dialogs", async () => {
    const owner = await createSignedInMember();
    const id = await created(owner);
    const create = await settle(() => createAlias(routeArgs(getRequest("/user/event/create", owner.cookie))));
    expect(create.headers.get("Location")).toBe("/user/events/create");
    const edit = await settle(() => editAlias(routeArgs(getRequest(`/user/event/edit/${id}`, owner.cookie), { eventId: String(id) })));
    expect(edit.headers.get("Location")).toBe(`/user/events/edit/${id}`);
    const attenders = await settle(() => attendersAlias(routeArgs(getRequest(`/user/ajax/event/events_list/${id}`, owner.cookie), { eventId: String(id) })));
    expect(attenders.headers.get("Location")).toBe(`/user/events/${id}/attenders`);
  });
});

describe("light images in the list", () => {
  test("a card shows a rendition at most 640 px wide (made once, kept next to the original), with its size; lazy", async () => {
    const owner = await createSignedInMember();
    const request = uploadRequest(
      "/user/events/create",
      { name: "wide.png", content: await png(2000, 1000) },
      { cookie: owner.cookie, field: "image", fields: { csrf: "x", intent: "save", ...VALID } },
    );
    expect((await settle(() => createAction(routeArgs(request)))).status).toBe(302);
    const viewer = await createSignedInMember();
    const response = await settle(() => listLoader(routeArgs(getRequest("/user/events", viewer.cookie))));
    const { events } = (await response.json()) as { events: { imageUrl: string; cardImage: { url: string; width: number; height: number } }[] };
    const card = events[0].cardImage;
    expect(card).toEqual({ url: expect.stringMatching(/^\/user\/files\/[\w-]+\?variant=medium$/), width: 640, height: 320 });
    const token = card.url.split("/").pop()!.split("?")[0];
    const served = await settle(() => fileLoader(routeArgs(getRequest(card.url, viewer.cookie), { token })));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const body = Buffer.from(await served.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(640);
    const original = Buffer.from(await (await settle(() => fileLoader(routeArgs(getRequest(events[0].imageUrl, viewer.cookie), { token })))).arrayBuffer());
    expect((await sharp(original).metadata()).width).toBe(2000);
    expect(body.length).toBeLessThan(original.length);
    // Kept on disk next to the original and served again from there; removed with the file.
    const file = await db.selectFrom("files").selectAll().where("token", "=", token).executeTakeFirstOrThrow();
    const kept = `${uploadsDir()}/${file.storage_key.replace(/\.png$/, ".medium.webp")}`;
    expect(fs.existsSync(kept)).toBe(true);
    const again = await settle(() => fileLoader(routeArgs(getRequest(card.url, viewer.cookie), { token })));
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    const { deleteFile } = await import("~/lib/files.server");
    await db.updateTable("events").set({ image_id: null }).where("image_id", "=", file.id).execute();
    await deleteFile(file.id);
    expect(fs.existsSync(kept)).toBe(false);
  });

  test("a small image is not enlarged", async () => {
    const { mediumSize } = await import("~/lib/files.server");
    expect(mediumSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(mediumSize(2400, 1600)).toEqual({ width: 640, height: 427 });
    expect(mediumSize(null, null)).toEqual({ width: null, height: null });
  });
});

describe("the event image upload (SPEC path)", () => {
  test("the owner sets and replaces the image; a video, another member's event and a missing event are refused", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await created(owner);
    const picture = await png();
    const send = async (
      member: TestMember,
      fields: Record<string, string>,
      file: { name: string; content: Buffer } = { name: "stage.png", content: picture },
    ) =>
      settle(() =>
        imageUpload(
          routeArgs(
            uploadRequest("/user/upload/event_simple_upload_single_image", file, { cookie: member.cookie, json: true, fields: { csrf: "x", ...fields } }),
          ),
        ),
      );
    const first = await send(owner, { event_id: String(id) });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ type: "success", message: "Event image saved." });
    const firstImage = (await row(id))!.image_id!;
    await send(owner, { event_id: String(id) });
    const secondImage = (await row(id))!.image_id!;
    expect(secondImage).not.toBe(firstImage);
    expect(await db.selectFrom("files").select("id").where("id", "=", firstImage).executeTakeFirst()).toBeUndefined();

    const filesBefore = (await db.selectFrom("files").select("id").execute()).length;
    expect((await send(other, { event_id: String(id) })).status).toBe(404);
    expect((await send(owner, { event_id: "999999" })).status).toBe(404);
    const video = await send(owner, { event_id: String(id) }, { name: "clip.mp4", content: VIDEO_HEADS.mp4() });
    expect(video.status).toBe(400);
    expect(await video.json()).toMatchObject({ type: "error", message: "Upload error: clip.mp4: The event image must be a JPG, PNG or GIF image." });
    expect((await db.selectFrom("files").select("id").execute()).length).toBe(filesBefore);
    expect((await row(id))!.image_id).toBe(secondImage);

    // The event page's upload control names the event in the address.
    const byAddress = uploadRequest(
      `/user/upload/event_simple_upload_single_image?event_id=${id}`,
      { name: "third.png", content: picture },
      { cookie: owner.cookie, fields: { csrf: "x" } },
    );
    const noJs = await settle(() => imageUpload(routeArgs(byAddress)));
    expect(noJs.status).toBe(302);
    expect(noJs.headers.get("Location")).toBe(`/user/events/${id}`);
    expect((await row(id))!.image_id).not.toBe(secondImage);
  });
});

describe("deleting events", () => {
  test("SPEC's DELETE /user/event/delete {event_id}: the owner's only", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await created(owner);
    const call = (member: TestMember) => {
      const request = new Request("http://chapter.test/user/event/delete", {
        method: "DELETE",
        body: new URLSearchParams({ csrf: "x", event_id: String(id) }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: member.cookie },
      });
      return settle(() => deleteAlias(routeArgs(request)));
    };
    expect((await call(other)).status).toBe(404);
    expect(await row(id)).toBeDefined();
    const response = await call(owner);
    expect(await response.json()).toMatchObject({ type: "success", message: `“${VALID.title}” deleted.` });
    expect(await row(id)).toBeUndefined();
  });

  test("the owner deletes after confirming; the members going are told", async () => {
    const owner = await createSignedInMember();
    const goer = await createSignedInMember();
    const id = await created(owner);
    await setEventStatus(goer.id, id, "Going");
    const confirm = await settle(() => deleteLoader(routeArgs(getRequest(`/user/events/delete/${id}`, owner.cookie), { eventId: String(id) })));
    expect(await confirm.json()).toEqual({ title: VALID.title });
    const response = await settle(() =>
      deleteAction(routeArgs(postRequest(`/user/events/delete/${id}`, { csrf: "x" }, owner.cookie), { eventId: String(id) })),
    );
    expect(response.headers.get("Location")).toBe("/user/events");
    expect(await flashOf(response)).toEqual({ type: "success", message: `“${VALID.title}” deleted.` });
    expect(await row(id)).toBeUndefined();
    // Deleting from a filtered list goes back to that list.
    const other = await created(owner);
    const filtered = await settle(() =>
      deleteAction(routeArgs(postRequest(`/user/events/delete/${other}?q=founders&when=past`, { csrf: "x" }, owner.cookie), { eventId: String(other) })),
    );
    expect(filtered.headers.get("Location")).toBe("/user/events?q=founders&when=past");
    const told = await db.selectFrom("notifications").select(["member_id", "message"]).where("kind", "=", "event_cancelled").execute();
    expect(told).toEqual([{ member_id: goer.id, message: `${VALID.title} was cancelled by its organiser.` }]);
  });

  test("an event with paid tickets is not deleted: an error, and it stays", async () => {
    const owner = await createSignedInMember();
    const buyer = await createSignedInMember();
    const id = await created(owner);
    await db
      .insertInto("tickets")
      .values({
        event_id: id,
        ticket_type: "general",
        code: "paid-code-1",
        holder_id: buyer.id,
        amount_cents: 2550,
        status: "issued",
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await settle(() =>
      deleteAction(routeArgs(postRequest(`/user/events/delete/${id}`, { csrf: "x" }, owner.cookie), { eventId: String(id) })),
    );
    expect(response.headers.get("Location")).toBe(`/user/events/${id}`);
    expect(await flashOf(response)).toEqual({ type: "error", message: "This event has paid tickets, so it cannot be deleted. Cancel and refund them first." });
    expect(await row(id)).toBeDefined();

    const json = postRequest(`/user/events/delete/${id}`, { csrf: "x" }, owner.cookie);
    json.headers.set("Accept", "application/json");
    const answer = await settle(() => deleteAction(routeArgs(json, { eventId: String(id) })));
    expect(answer.status).toBe(409);
  });

  test("a paid ticket bought while the event is deleted is never deleted with it: the delete refuses, or the purchase finds no seat", async () => {
    const owner = await createSignedInMember();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const buyer = await requireMember(getRequest("/user", (await createSignedInMember()).cookie));
        const id = await created(owner, { general_amount: "25.50" });
        // The buyer's request has read the event (seats left) before the delete begins.
        const event = await findEvent(id);
        const [deleted, bought] = await Promise.all([deleteEvent(owner.id, id), buyTicket(buyer, event!, "general", "http://chapter.test")]);
        return { id, deleted, bought, tickets: await ticketsOf(id), event: await row(id) };
      }),
    );
    for (const { deleted, bought, tickets, event } of outcomes) {
      if (deleted.ok) {
        expect(bought).toMatchObject({ ok: false, message: SOLD_OUT });
        expect(event).toBeUndefined();
      } else {
        expect(deleted.message).toBe("This event has paid tickets, so it cannot be deleted. Cancel and refund them first.");
        expect(bought).toMatchObject({ ok: true, kind: "payment" });
        expect(event).toBeDefined();
        expect(tickets).toMatchObject([{ status: "pending", amount_cents: 2550 }]);
      }
    }
  });
});

describe("the event list", () => {
  test("upcoming and past, searched by title, venue, city and description", async () => {
    const owner = await createSignedInMember();
    const viewer = await createSignedInMember();
    await created(owner, { title: "Harbour breakfast", venue: "Pier 4", start_date: day(3), end_date: day(3) });
    await created(owner, { title: "Wine tasting", venue: "Cellar", description: "Bordeaux and more", start_date: day(5), end_date: day(5) });
    await created(owner, { title: "Old gala", start_date: day(-30), end_date: day(-30) });
    await created(owner, { title: "Berlin meetup", country: "DE", province: "BE", city: "Berlin", start_date: day(7), end_date: day(7) });

    const upcoming = await list(viewer);
    expect(upcoming.events.map((event) => event.title)).toEqual(["Harbour breakfast", "Wine tasting", "Berlin meetup"]);
    const past = await list(viewer, "?when=past");
    expect(past.events.map((event) => event.title)).toEqual(["Old gala"]);

    expect((await list(viewer, "?q=pier")).events.map((event) => event.title)).toEqual(["Harbour breakfast"]);
    expect((await list(viewer, "?q=BORDEAUX")).events.map((event) => event.title)).toEqual(["Wine tasting"]);
    const berlin = (await list(viewer, "?q=berlin")).events;
    expect(berlin.map((event) => event.title)).toEqual(["Berlin meetup"]);
    expect((berlin[0] as unknown as { place: string }).place).toBe("Hotel Lutetia, Berlin, Germany");
    expect((await list(viewer, "?q=gala")).total).toBe(0);
    expect((await list(viewer, "?q=gala&when=past")).total).toBe(1);
    expect((await list(viewer, "?q=100%25")).total).toBe(0);
  });

  test("pages of 12", async () => {
    const owner = await createSignedInMember();
    for (let index = 0; index < 14; index += 1) {
      await created(owner, { title: `Event ${String(index).padStart(2, "0")}`, start_date: day(2 + index), end_date: day(2 + index) });
    }
    const first = await list(owner);
    expect(first.events).toHaveLength(12);
    const second = await list(owner, "?page=2");
    expect(second.events.map((event) => event.title)).toEqual(["Event 12", "Event 13"]);
  });
});

describe("interest and going", () => {
  async function status(member: TestMember, fields: Record<string, string>, json = false) {
    const request = postRequest("/user/events/status", { csrf: "x", ...fields }, member.cookie);
    if (json) request.headers.set("Accept", "application/json");
    return settle(() => statusAction(routeArgs(request)));
  }

  test("toggles are kept per member and counted on the event", async () => {
    const owner = await createSignedInMember();
    const a = await createSignedInMember();
    const b = await createSignedInMember();
    const id = await created(owner);

    const response = await status(a, { event_id: String(id), type: "Interested", user_id: String(b.id) });
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: `You are interested in ${VALID.title}.` });
    await status(b, { event_id: String(id), type: "Interested" });
    await status(b, { event_id: String(id), type: "Going" });
    const answer = await status(a, { event_id: String(id), type: "Going" }, true);
    expect(await answer.json()).toMatchObject({ type: "success", message: `You are going to ${VALID.title}.` });

    let seen = (await list(a)).events[0];
    expect(seen).toMatchObject({ interested: true, going: true, interestedCount: 2, goingCount: 2 });

    await status(a, { event_id: String(id), type: "Uninterested" });
    await status(a, { event_id: String(id), type: "Notgoing" });
    seen = (await list(a)).events[0];
    expect(seen).toMatchObject({ interested: false, going: false, interestedCount: 1, goingCount: 1 });
    // user_id in the payload is ignored: b's status is b's own.
    expect((await list(b)).events[0]).toMatchObject({ interested: true, going: true });
  });

  test("one question answered leaves the other unanswered (null): only Interested is neither Going nor Not going", async () => {
    const owner = await createSignedInMember();
    const curious = await createSignedInMember({ name: "Cleo Curious" });
    const goer = await createSignedInMember({ name: "Gus Goer" });
    const id = await created(owner);
    await status(curious, { event_id: String(id), type: "Interested" });
    await status(goer, { event_id: String(id), type: "Going" });

    expect((await list(curious)).events[0]).toMatchObject({ interested: true, going: null, interestedCount: 1, goingCount: 1 });
    expect((await list(goer)).events[0]).toMatchObject({ interested: null, going: true });
    expect((await list(owner)).events[0]).toMatchObject({ interested: null, going: null });
    const detail = await settle(() => detailLoader(routeArgs(getRequest(`/user/events/${id}`, curious.cookie), { eventId: String(id) })));
    expect(((await detail.json()) as { event: Record<string, unknown> }).event).toMatchObject({ interested: true, going: null });
    const rows = await db.selectFrom("event_statuses").select(["member_id", "interested", "going"]).where("event_id", "=", id).orderBy("member_id").execute();
    expect(rows).toEqual([
      { member_id: curious.id, interested: 1, going: null },
      { member_id: goer.id, interested: null, going: 1 },
    ]);
    // Only who said Going is listed as going; the interested member is not an attender.
    expect((await listAttenders(id)).map((attender) => attender.name)).toEqual(["Gus Goer"]);

    // A "no" is an answer, kept as 0, and counted as no one going.
    await status(curious, { event_id: String(id), type: "Notgoing" });
    expect((await list(curious)).events[0]).toMatchObject({ interested: true, going: false, goingCount: 1 });
  });

  test("bad input is a 4xx", async () => {
    const member = await createSignedInMember();
    const id = await created(member);
    expect((await status(member, { event_id: String(id), type: "Maybe" })).status).toBe(400);
    expect((await status(member, { event_id: "999999", type: "Going" })).status).toBe(404);
    expect((await status(member, { event_id: "x", type: "Going" })).status).toBe(404);
  });
});

describe("attenders", () => {
  test("members going and members holding an issued ticket, once each, by name", async () => {
    const owner = await createSignedInMember({ name: "Owner" });
    const going = await createSignedInMember({ name: "Zoe Going" });
    const both = await createSignedInMember({ name: "Bea Both" });
    const holder = await createSignedInMember({ name: "Hal Holder" });
    const pending = await createSignedInMember({ name: "Pat Pending" });
    const interested = await createSignedInMember({ name: "Ian Interested" });
    const id = await created(owner);
    await setEventStatus(going.id, id, "Going");
    await setEventStatus(both.id, id, "Going");
    await setEventStatus(interested.id, id, "Interested");
    const now = new Date().toISOString();
    await db
      .insertInto("tickets")
      .values([
        { event_id: id, ticket_type: "general", code: "c1", holder_id: holder.id, amount_cents: 0, status: "issued", created_at: now },
        { event_id: id, ticket_type: "vip", code: "c2", holder_id: both.id, amount_cents: 0, status: "issued", created_at: now },
        { event_id: id, ticket_type: "vip", code: "c3", holder_id: pending.id, amount_cents: 100, status: "pending", created_at: now },
      ])
      .execute();
    expect((await listAttenders(id)).map((attender) => attender.name)).toEqual(["Bea Both", "Hal Holder", "Zoe Going"]);
    const response = await settle(() => attendersLoader(routeArgs(getRequest(`/user/events/${id}/attenders`, interested.cookie), { eventId: String(id) })));
    const body = (await response.json()) as { attenders: { name: string; avatarUrl: string | null }[] };
    expect(body.attenders).toHaveLength(3);
    expect(body.attenders[0]).toEqual({ id: both.id, name: "Bea Both", avatarUrl: null });
  });

  test("an attender with a profile photo is listed with its thumbnail, which the viewer can open", async () => {
    const owner = await createSignedInMember();
    const viewer = await createSignedInMember();
    const pictured = await createSignedInMember({ name: "Pia Pictured" });
    const id = await created(owner);
    await setEventStatus(pictured.id, id, "Going");
    const photo = uploadRequest(
      "/user/ajax/file_upload/profile",
      { name: "me.png", content: await png(120, 120), type: "image/png" },
      { cookie: pictured.cookie, fields: { csrf: "x" } },
    );
    expect((await settle(() => uploadProfile(routeArgs(photo)))).status).toBe(302);
    const { token } = await db
      .selectFrom("users")
      .innerJoin("files", "files.id", "users.profile_image_id")
      .select("files.token")
      .where("users.id", "=", pictured.id)
      .executeTakeFirstOrThrow();

    const response = await settle(() => attendersLoader(routeArgs(getRequest(`/user/events/${id}/attenders`, viewer.cookie), { eventId: String(id) })));
    const body = (await response.json()) as { attenders: { id: number; name: string; avatarUrl: string | null }[] };
    expect(body.attenders).toEqual([{ id: pictured.id, name: "Pia Pictured", avatarUrl: `/user/files/${token}?variant=thumbnail` }]);
    const served = await settle(() => fileLoader(routeArgs(getRequest(body.attenders[0].avatarUrl!, viewer.cookie), { token })));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toMatch(/^image\//);
  });
});

describe("the detail page and the calendar file", () => {
  test("ticket types with price (Free when empty) and seats left", async () => {
    const owner = await createSignedInMember();
    const id = await created(owner, { vip_capacity: "5", vip_amount: "" });
    await db.updateTable("events").set({ general_taken: 48 }).where("id", "=", id).execute();
    const viewer = await createSignedInMember();
    const response = await settle(() => detailLoader(routeArgs(getRequest(`/user/events/${id}`, viewer.cookie), { eventId: String(id) })));
    const { event } = (await response.json()) as { event: Record<string, unknown> };
    expect(event.general).toEqual({ capacity: 50, remaining: 2, amountCents: 2550 });
    expect(event.vip).toEqual({ capacity: 5, remaining: 5, amountCents: null });
    expect(event.isOwner).toBe(false);
    expect(event.ended).toBe(false);
    const byId = await settle(() => eventById(routeArgs(getRequest(`/user/events/get_event_by_id?event_id=${id}`, viewer.cookie))));
    expect(await byId.json()).toEqual([
      expect.objectContaining({
        event_id: id,
        general_ticket_amount: 25.5,
        vip_ticket_amount: null,
        general_offered: true,
        vip_offered: true,
        general_remaining: 2,
      }),
    ]);
    expect((await settle(() => eventById(routeArgs(getRequest("/user/events/get_event_by_id?event_id=999999", viewer.cookie))))).status).toBe(404);
    expect((await settle(() => eventById(routeArgs(getRequest("/user/events/get_event_by_id", viewer.cookie))))).status).toBe(404);
    const past = await created(owner, { start_date: day(-3), end_date: day(-3) });
    const ended = await settle(() => detailLoader(routeArgs(getRequest(`/user/events/${past}`, viewer.cookie), { eventId: String(past) })));
    expect(((await ended.json()) as { event: { ended: boolean } }).event.ended).toBe(true);
  });

  test("a valid iCalendar VEVENT: CRLF, folded lines, escaped text, TZID", async () => {
    const owner = await createSignedInMember();
    const id = await created(owner, { title: "Dinner, talks; and a very long title that goes on and on past the seventy-five octet limit" });
    const response = await settle(() => icsLoader(routeArgs(getRequest(`/user/events/${id}/calendar.ics`, owner.cookie), { eventId: String(id) })));
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, "").includes("\n")).toBe(false);
    const unfolded = text.replace(/\r\n /g, "");
    const stamp = (iso: string) => `${iso.replace(/[-:]/g, "").slice(0, 15)}Z`;
    expect(unfolded).toContain("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n");
    expect(unfolded).toContain(`DTSTART:${stamp(wallClockToUtc(`${day(10)}T19:00`, "Europe/Paris"))}\r\n`);
    expect(unfolded).toContain(`DTEND:${stamp(wallClockToUtc(`${day(10)}T22:30`, "Europe/Paris"))}\r\n`);
    expect(unfolded).not.toContain("TZID");
    expect(unfolded).toContain("SUMMARY:Dinner\\, talks\\; and a very long title that goes on and on past the seventy-five octet limit\r\n");
    expect(unfolded).toContain("DESCRIPTION:Dinner\\; talks\\, and more\r\n");
    expect(unfolded).toContain("LOCATION:Hotel Lutetia\r\n");
    expect(unfolded).toMatch(/UID:event-\d+@[^\r]+\r\n/);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toContain("END:VEVENT\r\nEND:VCALENDAR\r\n");
  });

  test("UTC events use Z times; folding never splits a character", () => {
    const text = eventCalendar(
      {
        id: 1,
        title: "é".repeat(80),
        description: "line one\nline two",
        starts_at: "2030-01-02T09:00",
        ends_at: "2030-01-02T10:00",
        time_zone: "UTC",
        starts_at_utc: null,
        place: "",
      },
      { host: "chapter.test", url: "http://chapter.test/user/events/1", now: new Date("2030-01-01T00:00:00Z") },
    );
    expect(text).toContain("DTSTART:20300102T090000Z\r\n");
    expect(text).not.toContain("VTIMEZONE");
    expect(text).toContain("DESCRIPTION:line one\\nline two\r\n");
    for (const value of [`SUMMARY:${"é".repeat(80)}`, `SUMMARY:${"a😀北é".repeat(30)}`, `SUMMARY:${"x".repeat(75 - 8)}`]) {
      const folded = foldLine(value);
      for (const line of folded.split("\r\n")) {
        expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect(line).not.toContain("\uFFFD");
      }
      expect(folded.replace(/\r\n /g, "")).toBe(value);
    }
    expect(foldLine(`SUMMARY:${"x".repeat(76 - 8)}`)).toBe(`SUMMARY:${"x".repeat(75 - 8)}\r\n x`);
  });

  test("an event across a DST change: each end in UTC with its own offset, no VTIMEZONE", () => {
    // Europe/Paris leaves summer time on 27 Oct 2030 at 03:00 (UTC+2 → UTC+1).
    const text = eventCalendar(
      {
        id: 2,
        title: "Night",
        description: null,
        starts_at: "2030-10-26T22:00",
        ends_at: "2030-10-27T10:00",
        time_zone: "Europe/Paris",
        starts_at_utc: null,
        place: "",
      },
      { host: "chapter.test", url: "http://chapter.test/user/events/2", now: new Date("2030-01-01T00:00:00Z") },
    );
    expect(text).toContain("DTSTART:20301026T200000Z\r\n");
    expect(text).toContain("DTEND:20301027T090000Z\r\n");
    expect(text).not.toContain("VTIMEZONE");
    expect(text).not.toContain("TZID");
    const winter = eventCalendar(
      {
        id: 3,
        title: "NY",
        description: null,
        starts_at: "2030-01-10T09:00",
        ends_at: "2030-07-10T09:00",
        time_zone: "America/New_York",
        starts_at_utc: null,
        place: "",
      },
      { host: "chapter.test", url: "http://chapter.test/user/events/3", now: new Date("2030-01-01T00:00:00Z") },
    );
    expect(winter).toContain("DTSTART:20300110T140000Z\r\n");
    expect(winter).toContain("DTEND:20300710T130000Z\r\n");
  });

  test("wall-clock times become instants in their zone, across DST", () => {
    expect(wallClockToUtc("2030-07-01T12:00", "Europe/Paris")).toBe("2030-07-01T10:00:00.000Z");
    expect(wallClockToUtc("2030-01-01T12:00", "Europe/Paris")).toBe("2030-01-01T11:00:00.000Z");
    expect(wallClockToUtc("2030-01-01T12:00", "America/New_York")).toBe("2030-01-01T17:00:00.000Z");
    expect(wallClockToUtc("2030-01-01T12:00", "UTC")).toBe("2030-01-01T12:00:00.000Z");
    expect(EventSchema.safeParse({ ...VALID, time_zone: "Asia/Kolkata" }).success).toBe(true);
  });

  test("the list shows an event created straight in the database too (no instants)", async () => {
    const owner = await createSignedInMember();
    const now = new Date().toISOString();
    await db
      .insertInto("events")
      .values({ owner_id: owner.id, title: "Raw", starts_at: `${day(2)}T10:00`, ends_at: `${day(2)}T11:00`, currency: "EUR", created_at: now, updated_at: now })
      .execute();
    expect((await list(owner)).events.map((event) => event.title)).toEqual(["Raw"]);
    await createEvent(owner.id, EventSchema.parse({ ...VALID, title: "Parsed" }));
    expect((await list(owner)).total).toBe(2);
  });
});

describe("the event form keeps the place it was opened with", () => {
  test("a city stored without a province is a choice of the edit dialog, and saving another change keeps it", async () => {
    const member = await createSignedInMember();
    const id = await created(member);
    await db.updateTable("events").set({ country: "NG", province: null, city: "Lagos" }).where("id", "=", id).execute();
    const opened = await settle(() => editLoader(routeArgs(getRequest(`/user/events/edit/${id}`, member.cookie), { eventId: String(id) })));
    expect((await opened.json()).places.cities).toContainEqual({ value: "Lagos", label: "Lagos" });
    const response = await edit(member, id, { ...VALID, title: "Lagos dinner", country: "NG", province: "", city: "Lagos" });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(await db.selectFrom("events").select(["title", "country", "province", "city"]).where("id", "=", id).executeTakeFirst()).toEqual({
      title: "Lagos dinner",
      country: "NG",
      province: null,
      city: "Lagos",
    });
  });
});
