import fs from "node:fs";
import sharp from "sharp";
import { afterEach, describe, expect, test } from "vitest";
import { fitCrop } from "~/features/contacts/business-cards.server";
import { deleteContact } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { canRead } from "~/features/files/access.server";
import { uploadsDir } from "~/lib/env.server";
import { storage } from "~/lib/storage.server";
import { loader as legacyList } from "~/routes/spec/user.business_card.ajax_list_by_contact.$contactId";
import { action as deleteCard, loader as confirmCard } from "~/routes/contacts/user.contacts.$contactId.business-cards.$cardId.delete";
import { action as uploadCard, loader as cardsLoader } from "~/routes/contacts/user.contacts.$contactId.business-cards";
import { action as deleteContactAction } from "~/routes/contacts/user.contacts.$contactId.delete";
import { action as legacyDelete } from "~/routes/spec/user.delete.simple_upload_business_card";
import { action as legacyUpload } from "~/routes/spec/user.upload.simple_upload_business_card";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { loader as profileLoader } from "~/routes/contacts/user.profile";
import { gif, phonePhoto, png, uploadRequest, type UploadFile } from "./fixtures/files";
import { contactOf, createSignedInMember, filesOf, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const cardsPath = (contactId: number) => `/user/contacts/${contactId}/business-cards`;
/** A photo of a card on a desk: 400 x 300, not 3:2. */
const photo = async (name = "card.png"): Promise<UploadFile> => ({ name, content: await png(400, 300), type: "image/png" });
const scaled = (x: number, y: number, width: number, height: number) => ({
  "scaled[x]": String(x),
  "scaled[y]": String(y),
  "scaled[width]": String(width),
  "scaled[height]": String(height),
});

function send(
  member: TestMember,
  contactId: number,
  file: UploadFile | null,
  { json = false, fields = {} }: { json?: boolean; fields?: Record<string, string> } = {},
) {
  const request = uploadRequest(cardsPath(contactId), file, { cookie: member.cookie, json, fields });
  return settle(() => uploadCard(routeArgs(request, { contactId: String(contactId) })));
}

function list(member: TestMember, contactId: number) {
  return settle(() => cardsLoader(routeArgs(getRequest(cardsPath(contactId), member.cookie), { contactId: String(contactId) })));
}

function confirmDelete(member: TestMember, contactId: number, cardId: number) {
  const path = `${cardsPath(contactId)}/${cardId}/delete`;
  return settle(() => confirmCard(routeArgs(getRequest(path, member.cookie), { contactId: String(contactId), cardId: String(cardId) })));
}

function remove(member: TestMember, contactId: number, cardId: number) {
  const path = `${cardsPath(contactId)}/${cardId}/delete`;
  return settle(() => deleteCard(routeArgs(postRequest(path, {}, member.cookie), { contactId: String(contactId), cardId: String(cardId) })));
}

function serve(member: TestMember, url: string) {
  const token = /\/user\/files\/([^?]+)/.exec(url)![1];
  return settle(() => serveFile(routeArgs(getRequest(url, member.cookie), { token })));
}

async function cardsOf(contactId: number) {
  return db.selectFrom("business_cards").selectAll().where("contact_id", "=", contactId).orderBy("id").execute();
}

async function fileById(id: number) {
  return db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function storedBytes(key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of storage().read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("fitCrop", () => {
  const image = { width: 400, height: 300 };
  test("keeps a 3:2 rectangle inside the image as it is", () => {
    expect(fitCrop({ x: 10, y: 20, width: 300, height: 200 }, image, image)).toEqual({ ok: true, rect: { x: 10, y: 20, width: 300, height: 200 } });
  });
  test("no rectangle: the largest centred 3:2 rectangle", () => {
    expect(fitCrop(null, image, image)).toEqual({ ok: true, rect: { x: 0, y: 17, width: 399, height: 266 } });
    expect(fitCrop(null, { width: 300, height: 400 }, { width: 300, height: 400 })).toEqual({ ok: true, rect: { x: 0, y: 100, width: 300, height: 200 } });
  });
  test("a rectangle partly outside is clamped to the image, then made 3:2", () => {
    expect(fitCrop({ x: -30, y: 200, width: 330, height: 200 }, image, image)).toEqual({ ok: true, rect: { x: 75, y: 200, width: 150, height: 100 } });
  });
  test("the requested pixels are those of the image as uploaded; the stored one may be smaller", () => {
    expect(fitCrop({ x: 600, y: 400, width: 1800, height: 1200 }, { width: 4800, height: 3600 }, { width: 2400, height: 1800 })).toEqual({
      ok: true,
      rect: { x: 300, y: 200, width: 900, height: 600 },
    });
  });
  test("refuses a rectangle outside the image, without size, or too small", () => {
    expect(fitCrop({ x: 500, y: 0, width: 300, height: 200 }, image, image)).toEqual({
      ok: false,
      message: "The crop rectangle lies outside the image (400 × 300 pixels).",
    });
    expect(fitCrop({ x: 0, y: 0, width: 0, height: 200 }, image, image)).toEqual({
      ok: false,
      message: "The crop rectangle needs a width and a height greater than 0.",
    });
    expect(fitCrop({ x: 0, y: 0, width: 2, height: 1 }, image, image)).toMatchObject({ ok: false, message: expect.stringMatching(/too small/) });
  });
});

describe("business cards", () => {
  test("upload with a crop rectangle: the original is kept, the card is its 3:2 crop, listed and counted", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);

    const empty = await (await list(member, contactId)).json();
    expect(empty.cards).toEqual([]);
    expect(empty.contact).toEqual({ id: contactId, name: "Grace Hopper" });
    expect(empty.upload.maxBytes).toBe(10_000_000);
    expect(empty.closeTo).toBe(`/user/profile?cicid=${contactId}`);

    const answer = await send(member, contactId, await photo(), { json: true, fields: scaled(40, 30, 300, 200) });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({ type: "success", message: "Business card card.png saved.", url: cardsPath(contactId) });
    expect(body.file.thumbnailUrl).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);

    const [card] = await cardsOf(contactId);
    expect(card).toMatchObject({ crop_x: 40, crop_y: 30, crop_width: 300, crop_height: 200 });
    const original = await fileById(card.original_file_id);
    const cropped = await fileById(card.cropped_file_id);
    expect([original.kind, original.width, original.height]).toEqual(["business_card", 400, 300]);
    expect([cropped.kind, cropped.width, cropped.height]).toEqual(["business_card", 300, 200]);
    const meta = await sharp(await storedBytes(cropped.storage_key)).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    expect(await storage().size(original.storage_key)).toBe(original.size);

    const data = await (await list(member, contactId)).json();
    expect(data.cards).toHaveLength(1);
    expect(data.cards[0]).toMatchObject({ id: card.id, crop: { x: 40, y: 30, width: 300, height: 200 }, url: `/user/files/${cropped.token}` });
    expect(body.file.id).toBe(card.id);
    const served = await serve(member, data.cards[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");

    const profile = await (await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${contactId}`, member.cookie))))).json();
    expect(profile.cardCount).toBe(1);

    const legacy = await settle(() =>
      legacyList(
        routeArgs(
          new Request(`http://chapter.test/user/business_card/ajax_list_by_contact/${contactId}`, {
            headers: { Cookie: member.cookie, Accept: "application/json" },
          }),
          { contactId: String(contactId) },
        ),
      ),
    );
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toMatchObject({ total_cards: 1, cards: [{ id: card.id }] });
    const legacyPage = await settle(() =>
      legacyList(routeArgs(getRequest(`/user/business_card/ajax_list_by_contact/${contactId}`, member.cookie), { contactId: String(contactId) })),
    );
    expect(legacyPage.status).toBe(302);
    expect(legacyPage.headers.get("Location")).toBe(cardsPath(contactId));
  });

  test("a large photo is scaled down: the rectangle, sent in its own pixels, is scaled with it", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const big: UploadFile = {
      name: "big.jpg",
      content: await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .jpeg()
        .toBuffer(),
    };
    expect((await send(member, contactId, big, { json: true, fields: scaled(300, 200, 1500, 1000) })).status).toBe(200);
    const [card] = await cardsOf(contactId);
    expect(card).toMatchObject({ crop_x: 240, crop_y: 160, crop_width: 1200, crop_height: 800 });
    const cropped = await fileById(card.cropped_file_id);
    expect([cropped.width, cropped.height, cropped.media_type]).toEqual([1200, 800, "image/jpeg"]);
  });

  test("a phone photo turned by EXIF: the rectangle is in the photo as shown; a GIF's card is a PNG", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    // Stored 300 x 200 with orientation 6: shown 200 x 300.
    expect(
      (await send(member, contactId, { name: "IMG_1.jpg", content: await phonePhoto(300, 200) }, { json: true, fields: scaled(20, 100, 180, 120) })).status,
    ).toBe(200);
    const [turned] = await cardsOf(contactId);
    expect(turned).toMatchObject({ crop_x: 20, crop_y: 100, crop_width: 180, crop_height: 120 });
    expect(await fileById(turned.original_file_id)).toMatchObject({ width: 200, height: 300 });
    expect(await fileById(turned.cropped_file_id)).toMatchObject({ width: 180, height: 120, media_type: "image/jpeg" });

    expect((await send(member, contactId, { name: "card.gif", content: await gif(90, 90) }, { json: true })).status).toBe(200);
    const [, fromGif] = await cardsOf(contactId);
    expect(await fileById(fromGif.cropped_file_id)).toMatchObject({ width: 90, height: 60, media_type: "image/png", original_name: "card (cropped).png" });
  });

  test("without JavaScript: only the image, the card is its largest centred 3:2 part", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const plain = await send(member, contactId, await photo("desk.png"));
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(cardsPath(contactId));
    expect(await flashOf(plain)).toEqual({ type: "success", message: "Business card desk.png saved." });
    const [card] = await cardsOf(contactId);
    expect(card).toMatchObject({ crop_x: 0, crop_y: 17, crop_width: 399, crop_height: 266 });
    const meta = await sharp(await storedBytes((await fileById(card.cropped_file_id)).storage_key)).metadata();
    expect([meta.width, meta.height]).toEqual([399, 266]);
    expect(meta.width! * 2).toBe(meta.height! * 3);
  });

  test("a bad rectangle is a 400 with the reason, and nothing is kept", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const outside = await send(member, contactId, await photo(), { json: true, fields: scaled(500, 0, 300, 200) });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({
      type: "error",
      name: "card.png",
      error: "The crop rectangle lies outside the image (400 × 300 pixels).",
      message: "Upload error: card.png: The crop rectangle lies outside the image (400 × 300 pixels).",
    });
    const words = await send(member, contactId, await photo(), { json: true, fields: { ...scaled(0, 0, 300, 200), "scaled[width]": "wide" } });
    expect(words.status).toBe(400);
    expect((await words.json()).error).toBe("The crop rectangle must be four numbers: x, y, width and height.");
    const flat = await send(member, contactId, await photo(), { json: true, fields: scaled(0, 0, 300, -1) });
    expect(flat.status).toBe(400);
    expect((await flat.json()).error).toBe("The crop rectangle needs a width and a height greater than 0.");
    const notImage = await send(member, contactId, { name: "card.pdf", content: Buffer.from("%PDF-1.7\n") }, { json: true });
    expect(notImage.status).toBe(400);
    expect(await cardsOf(contactId)).toEqual([]);
    expect(await filesOf(member)).toEqual([]);
    expect(fs.readdirSync(uploadsDir(), { recursive: true }).filter((entry) => /\.(png|webp)$/.test(String(entry)))).toEqual([]);
  });

  test("deleting asks first, removes both files from disk, and the list shows its empty state", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    await send(member, contactId, await photo());
    await send(member, contactId, await photo("second.png"), { fields: scaled(0, 0, 150, 100) });
    const [first, second] = await cardsOf(contactId);
    const files = await filesOf(member);
    expect(files).toHaveLength(4);
    expect((await (await list(member, contactId)).json()).cards).toHaveLength(2);

    const asked = await confirmDelete(member, contactId, first.id);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ contactId, name: "card.png" });

    const deleted = await remove(member, contactId, first.id);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(cardsPath(contactId));
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Business card deleted." });
    const gone = files.filter((file) => [first.original_file_id, first.cropped_file_id].includes(file.id));
    expect(gone).toHaveLength(2);
    for (const file of gone) {
      expect(await storage().size(file.storage_key)).toBeNull();
      expect(await storage().size(file.thumbnail_key!)).toBeNull();
    }
    expect((await remove(member, contactId, first.id)).status).toBe(404);

    // The legacy address deletes the last one (JSON answer); the list is empty again.
    const legacy = await settle(() =>
      legacyDelete(
        routeArgs(
          new Request("http://chapter.test/user/delete/simple_upload_business_card", {
            method: "POST",
            body: new URLSearchParams({ id: String(second.id) }),
            headers: { Cookie: member.cookie, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
          }),
        ),
      ),
    );
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toMatchObject({ type: "success", message: "Business card deleted." });
    expect(await filesOf(member)).toEqual([]);
    expect((await (await list(member, contactId)).json()).cards).toEqual([]);
  });

  test("the legacy upload address takes contact_id in the form and answers with the thumbnail", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const request = uploadRequest("/user/upload/simple_upload_business_card", await photo(), {
      cookie: member.cookie,
      json: true,
      fields: { contact_id: String(contactId), ...scaled(0, 0, 390, 260) },
    });
    const answer = await settle(() => legacyUpload(routeArgs(request)));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.type).toBe("success");
    expect(body.file.thumbnailUrl).toMatch(/^\/user\/files\//);
    expect(await cardsOf(contactId)).toHaveLength(1);
  });

  test("deleting the contact takes its cards and their files with it", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const keptId = await contactOf(member, { name: "Ada Lovelace" });
    await send(member, contactId, await photo());
    await send(member, keptId, await photo("kept.png"));
    const files = await filesOf(member);
    const [kept] = await cardsOf(keptId);
    const response = await settle(() =>
      deleteContactAction(routeArgs(postRequest(`/user/contacts/${contactId}/delete`, {}, member.cookie), { contactId: String(contactId) })),
    );
    expect(response.status).toBe(302);
    expect(await cardsOf(contactId)).toEqual([]);
    expect((await filesOf(member)).map((file) => file.id)).toEqual([kept.original_file_id, kept.cropped_file_id]);
    for (const file of files.filter((each) => ![kept.original_file_id, kept.cropped_file_id].includes(each.id))) {
      expect(await storage().size(file.storage_key)).toBeNull();
    }
    expect(await deleteContact(member.id, keptId)).toBe(true);
    expect(await filesOf(member)).toEqual([]);
  });
});

describe("another member", () => {
  test("gets 404 from every card route, action and file, and nothing changes", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const contactId = await contactOf(owner);
    await contactOf(other, { name: "Someone else" });
    await send(owner, contactId, await photo());
    const [card] = await cardsOf(contactId);
    const before = await filesOf(owner);

    expect((await list(other, contactId)).status).toBe(404);
    expect((await send(other, contactId, await photo(), { json: true })).status).toBe(404);
    expect((await confirmDelete(other, contactId, card.id)).status).toBe(404);
    expect((await remove(other, contactId, card.id)).status).toBe(404);
    const legacyList404 = await settle(() =>
      legacyList(routeArgs(getRequest(`/user/business_card/ajax_list_by_contact/${contactId}`, other.cookie), { contactId: String(contactId) })),
    );
    expect(legacyList404.status).toBe(404);
    const intruding = uploadRequest("/user/upload/simple_upload_business_card", await photo("x.png"), {
      cookie: other.cookie,
      fields: { contact_id: String(contactId) },
    });
    const legacyUpload404 = await settle(() => legacyUpload(routeArgs(intruding)));
    expect(legacyUpload404.status).toBe(404);
    expect(await filesOf(other)).toEqual([]);
    const legacyDelete404 = await settle(() =>
      legacyDelete(routeArgs(postRequest("/user/delete/simple_upload_business_card", { id: String(card.id) }, other.cookie))),
    );
    expect(legacyDelete404.status).toBe(404);
    expect(before.every((file) => file.kind === "business_card" && !canRead(file, { id: other.id } as never))).toBe(true);
    for (const file of before) {
      expect((await serve(other, `/user/files/${file.token}`)).status).toBe(404);
      expect((await serve(other, `/user/files/${file.token}?variant=thumbnail`)).status).toBe(404);
      expect((await serve(owner, `/user/files/${file.token}`)).status).toBe(200);
    }
    expect(await filesOf(owner)).toEqual(before);
    expect(await cardsOf(contactId)).toHaveLength(1);
  });
});
