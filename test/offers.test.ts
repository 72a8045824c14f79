import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { createEvent } from "~/features/events/events.server";
import { EventSchema } from "~/features/events/schema";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { receiveUpload } from "~/lib/uploads.server";
import { loader as publicLoader } from "~/routes/offers/non-user-product";
import { loader as publicImage } from "~/routes/offers/offer-images.$token";
import { loader as fileLoader } from "~/routes/files/user.files.$token";
import { loader as listLoader } from "~/routes/offers/user.offers";
import { action as createAction, loader as createLoader } from "~/routes/offers/user.offers.create";
import { action as deleteAction, loader as deleteLoader } from "~/routes/offers/user.offers.delete.$offerId";
import { action as editAction, loader as editLoader } from "~/routes/offers/user.offers.edit.$offerId";
import { action as statusAction } from "~/routes/spec/user.offers.status";
import { loader as detailLoader } from "~/routes/offers/user.offers_.$offerId";
import { action as uploadAction } from "~/routes/offers/user.offers_.$offerId.images";
import { action as deleteImageAction, loader as deleteImageLoader } from "~/routes/offers/user.offers_.$offerId.images_.$fileId.delete";
import { png, uploadRequest } from "./fixtures/files";
import { createSignedInMember, day, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

async function anEvent(owner: TestMember, title: string, days = 10) {
  return createEvent(
    owner.id,
    EventSchema.parse({ title, start_date: day(days), start_time: "10:00", end_date: day(days), end_time: "12:00", time_zone: "UTC" }),
  );
}

function create(member: TestMember, fields: Record<string, string>) {
  return settle(() => createAction(routeArgs(postRequest("/user/offers/create", { csrf: "x", ...fields }, member.cookie))));
}

async function created(member: TestMember, fields: Record<string, string> = {}) {
  const response = await create(member, { title: "Office chairs", description: "Ten chairs", price: "40", ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const id = Number(/^\/user\/offers\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

function row(id: number) {
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

async function addImage(member: TestMember, offerId: number) {
  const request = uploadRequest(`/user/offers/${offerId}/images`, { name: "chair.png", content: await png() }, { cookie: member.cookie, json: true });
  const response = await settle(() => uploadAction(routeArgs(request, { offerId: String(offerId) })));
  expect(response.status).toBe(200);
  const image = await db
    .selectFrom("product_images")
    .innerJoin("files", "files.id", "product_images.file_id")
    .select(["files.id", "files.token"])
    .where("product_id", "=", offerId)
    .orderBy("position", "desc")
    .executeTakeFirstOrThrow();
  return image;
}

async function list(member: TestMember, query = "") {
  const response = await settle(() => listLoader(routeArgs(getRequest(`/user/offers${query}`, member.cookie))));
  return (await response.json()) as {
    offers: { id: number; title: string; interested: boolean; interestedCount: number; publicPath: string | null }[];
    total: number;
    events: { value: string }[];
  };
}

describe("light images in the offer list", () => {
  test("a card's cover is the rendition at most 640 px wide, with its size", async () => {
    const owner = await createSignedInMember();
    const id = await created(owner);
    const request = uploadRequest(`/user/offers/${id}/images`, { name: "big.png", content: await png(2400, 1200) }, { cookie: owner.cookie, json: true });
    expect((await settle(() => uploadAction(routeArgs(request, { offerId: String(id) })))).status).toBe(200);
    const viewer = await createSignedInMember();
    const response = await settle(() => listLoader(routeArgs(getRequest("/user/offers", viewer.cookie))));
    const { offers } = (await response.json()) as { offers: { id: number; coverImage: { url: string; width: number; height: number } }[] };
    const cover = offers.find((offer) => offer.id === id)!.coverImage;
    expect(cover).toEqual({ url: expect.stringMatching(/\?variant=medium$/), width: 640, height: 320 });
    const token = cover.url.split("/").pop()!.split("?")[0];
    const served = await settle(() => fileLoader(routeArgs(getRequest(cover.url, viewer.cookie), { token })));
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const { default: sharp } = await import("sharp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
  });
});

describe("offers", () => {
  test("create with validation messages, edit, and delete with its images", async () => {
    const owner = await createSignedInMember();
    const eventId = await anEvent(owner, "Trade fair");
    const form = await settle(() => createLoader(routeArgs(getRequest("/user/offers/create", owner.cookie))));
    expect(((await form.json()) as { events: { value: string }[] }).events.map((event) => event.value)).toContain(String(eventId));

    const bad = await create(owner, { title: "", price: "cheap", event_id: "999999" });
    expect(bad.status).toBe(400);
    const errors = await replyErrors(bad);
    expect(errors.title).toEqual(["Title is required."]);
    expect(errors.price).toEqual(["Enter an amount like 25 or 25.50."]);
    const badEvent = await replyErrors(await create(owner, { title: "x", event_id: "999999" }));
    expect(badEvent.event_id).toEqual(["Choose an event from the list."]);
    // No event has the id 0: the same message, not a foreign-key failure (a 500).
    expect((await replyErrors(await create(owner, { title: "x", event_id: "0" }))).event_id).toEqual(["Choose an event from the list."]);
    // Nor one past what an id can be (PostgreSQL's integer refused it with an error, a 500).
    expect((await replyErrors(await create(owner, { title: "x", event_id: "2147483648" }))).event_id).toEqual(["Choose an event from the list."]);

    const withImage = uploadRequest(
      "/user/offers/create",
      { name: "desk.png", content: await png() },
      { cookie: owner.cookie, field: "image", fields: { csrf: "x", title: "Desk", event_id: String(eventId) } },
    );
    const response = await settle(() => createAction(routeArgs(withImage)));
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Offer created." });
    const id = Number(/(\d+)$/.exec(response.headers.get("Location")!)![1]);
    expect(await row(id)).toMatchObject({ owner_id: owner.id, title: "Desk", price_cents: null, event_id: eventId });
    expect((await row(id))!.public_token).toMatch(/^[\w-]{24}$/);
    const second = await addImage(owner, id);

    const editForm = await settle(() => editLoader(routeArgs(getRequest(`/user/offers/edit/${id}`, owner.cookie), { offerId: String(id) })));
    expect(editForm.status).toBe(200);
    const saved = await settle(() =>
      editAction(
        routeArgs(postRequest(`/user/offers/edit/${id}`, { csrf: "x", title: "Standing desk", price: "99.90", event_id: "" }, owner.cookie), {
          offerId: String(id),
        }),
      ),
    );
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Offer saved." });
    expect(await row(id)).toMatchObject({ title: "Standing desk", price_cents: 9990, event_id: null });

    const files = await db.selectFrom("product_images").select("file_id").where("product_id", "=", id).execute();
    expect(files).toHaveLength(2);
    const confirm = await settle(() => deleteLoader(routeArgs(getRequest(`/user/offers/delete/${id}`, owner.cookie), { offerId: String(id) })));
    expect(await confirm.json()).toEqual({ title: "Standing desk" });
    const deleted = await settle(() => deleteAction(routeArgs(postRequest(`/user/offers/delete/${id}`, { csrf: "x" }, owner.cookie), { offerId: String(id) })));
    expect(deleted.headers.get("Location")).toBe("/user/offers");
    expect(await row(id)).toBeUndefined();
    // Deleting from a list filtered by event goes back to that list.
    const another = await created(owner);
    const filtered = await settle(() =>
      deleteAction(routeArgs(postRequest(`/user/offers/delete/${another}?event_id=${eventId}`, { csrf: "x" }, owner.cookie), { offerId: String(another) })),
    );
    expect(filtered.headers.get("Location")).toBe(`/user/offers?event_id=${eventId}`);
    expect(
      await db
        .selectFrom("files")
        .select("id")
        .where("id", "in", [...files.map((file) => file.file_id), second.id])
        .execute(),
    ).toEqual([]);
  });

  test("another member gets 404 for edit, delete, images and image delete; sees no public link", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await created(owner);
    const image = await addImage(owner, id);
    const params = { offerId: String(id) };
    const attempts = [
      () => editLoader(routeArgs(getRequest(`/user/offers/edit/${id}`, other.cookie), params)),
      () => editAction(routeArgs(postRequest(`/user/offers/edit/${id}`, { csrf: "x", title: "Mine" }, other.cookie), params)),
      () => deleteLoader(routeArgs(getRequest(`/user/offers/delete/${id}`, other.cookie), params)),
      () => deleteAction(routeArgs(postRequest(`/user/offers/delete/${id}`, { csrf: "x" }, other.cookie), params)),
      async () =>
        uploadAction(routeArgs(uploadRequest(`/user/offers/${id}/images`, { name: "x.png", content: await png() }, { cookie: other.cookie }), params)),
      () => deleteImageLoader(routeArgs(getRequest(`/user/offers/${id}/images/${image.id}/delete`, other.cookie), { ...params, fileId: String(image.id) })),
      () =>
        deleteImageAction(
          routeArgs(postRequest(`/user/offers/${id}/images/${image.id}/delete`, { csrf: "x" }, other.cookie), { ...params, fileId: String(image.id) }),
        ),
    ];
    for (const attempt of attempts) expect((await settle(attempt)).status).toBe(404);
    expect((await row(id))?.title).toBe("Office chairs");
    expect(await db.selectFrom("product_images").select("file_id").where("product_id", "=", id).execute()).toHaveLength(1);

    // Members see the offer, but only its owner is given the public link.
    const seen = await settle(() => detailLoader(routeArgs(getRequest(`/user/offers/${id}`, other.cookie), params)));
    const body = (await seen.json()) as { offer: { publicPath: string | null; public_token?: string }; publicUrl: string | null };
    expect(body.offer.publicPath).toBeNull();
    expect(body.offer.public_token).toBeUndefined();
    expect(body.publicUrl).toBeNull();
    const mine = (await (await settle(() => detailLoader(routeArgs(getRequest(`/user/offers/${id}`, owner.cookie), params)))).json()) as { publicUrl: string };
    expect(mine.publicUrl).toBe(`http://chapter.test/non-user-product?product_id=${(await row(id))!.public_token}`);

    // The owner deletes an image after confirming.
    const gone = await settle(() =>
      deleteImageAction(
        routeArgs(postRequest(`/user/offers/${id}/images/${image.id}/delete`, { csrf: "x" }, owner.cookie), { ...params, fileId: String(image.id) }),
      ),
    );
    expect(await flashOf(gone)).toEqual({ type: "success", message: "Image deleted." });
    expect(await db.selectFrom("files").select("id").where("id", "=", image.id).executeTakeFirst()).toBeUndefined();
  });

  test("search by event, and the interest toggle counted per member", async () => {
    const owner = await createSignedInMember();
    const a = await createSignedInMember();
    const b = await createSignedInMember();
    const fair = await anEvent(owner, "Fair");
    const gala = await anEvent(owner, "Gala", 20);
    const chairs = await created(owner, { title: "Chairs", event_id: String(fair) });
    await created(owner, { title: "Tables", event_id: String(gala) });
    await created(owner, { title: "Lamps" });

    expect((await list(a)).offers.map((offer) => offer.title)).toEqual(["Lamps", "Tables", "Chairs"]);
    expect((await list(a, `?event_id=${fair}`)).offers.map((offer) => offer.title)).toEqual(["Chairs"]);
    expect((await list(a, `?event_id=${gala}`)).offers.map((offer) => offer.title)).toEqual(["Tables"]);
    expect((await list(a)).events.map((event) => event.value).sort()).toEqual([String(fair), String(gala)].sort());
    expect((await list(a, "?event_id=junk")).total).toBe(3);

    const status = (member: TestMember, type: string, productId = String(chairs)) =>
      settle(() =>
        statusAction(routeArgs(postRequest("/user/offers/status", { csrf: "x", product_id: productId, type, user_id: String(owner.id) }, member.cookie))),
      );
    const response = await status(a, "Interested");
    expect(await flashOf(response)).toEqual({ type: "success", message: "You are interested in Chairs." });
    await status(b, "Interested");
    let seen = (await list(a)).offers.find((offer) => offer.id === chairs)!;
    expect(seen).toMatchObject({ interested: true, interestedCount: 2 });
    await status(a, "Uninterested");
    seen = (await list(a)).offers.find((offer) => offer.id === chairs)!;
    expect(seen).toMatchObject({ interested: false, interestedCount: 1 });
    expect((await status(a, "Going")).status).toBe(400);
    expect((await status(a, "Interested", "999999")).status).toBe(404);
  });
});

describe("the public view", () => {
  test("by the token: the offer, its images and the owner's name, with an invitation to sign up", async () => {
    const owner = await createSignedInMember({ name: "Olivia Offers" });
    const id = await created(owner);
    const image = await addImage(owner, id);
    const token = (await row(id))!.public_token;

    const response = await settle(() => publicLoader(routeArgs(getRequest(`/non-user-product?product_id=${token}`))));
    expect(response.status).toBe(200);
    const { offer } = (await response.json()) as { offer: Record<string, unknown> & { images: { url: string }[] } };
    expect(offer).toMatchObject({ title: "Office chairs", description: "Ten chairs", price_cents: 4000, owner_name: "Olivia Offers" });
    expect(offer.images).toEqual([
      {
        url: `/offer-images/${image.token}`,
        thumbnailUrl: `/offer-images/${image.token}?variant=thumbnail`,
        // The page shows the light rendition (the fixture is 64x48, not enlarged).
        medium: { url: `/offer-images/${image.token}?variant=medium`, width: 64, height: 48 },
      },
    ]);
    expect(JSON.stringify(offer)).not.toContain(owner.email);

    const picture = await settle(() => publicImage(routeArgs(getRequest(`/offer-images/${image.token}`), { token: image.token })));
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toBe("image/png");
    const thumb = await settle(() => publicImage(routeArgs(getRequest(`/offer-images/${image.token}?variant=thumbnail`), { token: image.token })));
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");
    const medium = await settle(() => publicImage(routeArgs(getRequest(`/offer-images/${image.token}?variant=medium`), { token: image.token })));
    expect(medium.headers.get("Content-Type")).toBe("image/webp");
  });

  test("the id, an unknown token or a missing one answer 404; a member is sent to the member view", async () => {
    const owner = await createSignedInMember();
    const id = await created(owner);
    const token = (await row(id))!.public_token;
    for (const query of [`?product_id=${id}`, "?product_id=nope", "", `?product_id=${token}x`]) {
      expect((await settle(() => publicLoader(routeArgs(getRequest(`/non-user-product${query}`))))).status).toBe(404);
    }
    const member = await createSignedInMember();
    const response = await settle(() => publicLoader(routeArgs(getRequest(`/non-user-product?product_id=${token}`, member.cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/offers/${id}`);
  });

  test("only images attached to an offer are public; other files are not, and offer images are for members too", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await created(owner);
    const image = await addImage(owner, id);
    const loose = await receiveUpload(uploadRequest("/x", { name: "me.png", content: await png() }, { cookie: owner.cookie }), {
      kind: "product_image",
      ownerId: owner.id,
    });
    const photo = await receiveUpload(uploadRequest("/x", { name: "me.png", content: await png() }, { cookie: owner.cookie }), {
      kind: "profile_image",
      ownerId: owner.id,
    });
    const card = await receiveUpload(uploadRequest("/x", { name: "card.png", content: await png() }, { cookie: owner.cookie }), {
      kind: "business_card",
      ownerId: owner.id,
    });
    for (const result of [loose, photo, card]) {
      const token = result.ok ? result.file!.token : "";
      expect((await settle(() => publicImage(routeArgs(getRequest(`/offer-images/${token}`), { token })))).status).toBe(404);
    }
    expect((await settle(() => publicImage(routeArgs(getRequest("/offer-images/nope"), { token: "nope" })))).status).toBe(404);
    // Members read offer images through /user/files as well; a business card stays its owner's.
    expect((await settle(() => fileLoader(routeArgs(getRequest(`/user/files/${image.token}`, other.cookie), { token: image.token })))).status).toBe(200);
    const cardToken = card.ok ? card.file!.token : "";
    expect((await settle(() => fileLoader(routeArgs(getRequest(`/user/files/${cardToken}`, other.cookie), { token: cardToken })))).status).toBe(404);

    // Once the offer is gone, its images are gone from the public address too.
    await settle(() => deleteAction(routeArgs(postRequest(`/user/offers/delete/${id}`, { csrf: "x" }, owner.cookie), { offerId: String(id) })));
    expect((await settle(() => publicImage(routeArgs(getRequest(`/offer-images/${image.token}`), { token: image.token })))).status).toBe(404);
  });
});
