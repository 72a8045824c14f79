import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { deleteContact } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { storage } from "~/lib/storage.server";
import { action as deleteDocument, loader as confirmDocument } from "~/routes/contacts/user.contacts.$contactId.documents.$documentId.delete";
import { action as uploadDocument, loader as documentsLoader } from "~/routes/contacts/user.contacts.$contactId.documents";
import { action as deleteContactAction } from "~/routes/contacts/user.contacts.$contactId.delete";
import { action as deleteVideo, loader as confirmVideo } from "~/routes/contacts/user.contacts.$contactId.videos.$videoId.delete";
import * as uploadsModule from "~/routes/contacts/user.contacts.$contactId.uploads.$upload";
import { action as uploadVideo, loader as videosLoader } from "~/routes/contacts/user.contacts.$contactId.videos";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { loader as profileLoader } from "~/routes/contacts/user.profile";
import { DOCUMENT_HEADS, png, uploadRequest, VIDEO_HEADS, type UploadFile } from "./fixtures/files";
import { contactOf, createSignedInMember, filesOf, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const videosPath = (contactId: number) => `/user/contacts/${contactId}/videos`;
const documentsPath = (contactId: number) => `/user/contacts/${contactId}/documents`;

function send(kind: "video" | "document", member: TestMember, contactId: number, file: UploadFile | null, { json = false } = {}) {
  const path = kind === "video" ? videosPath(contactId) : documentsPath(contactId);
  const request = uploadRequest(path, file, { cookie: member.cookie, json, fields: { csrf: "x" } });
  const action = kind === "video" ? uploadVideo : uploadDocument;
  return settle(() => action(routeArgs(request, { contactId: String(contactId) })));
}

async function list(kind: "video" | "document", member: TestMember, contactId: number) {
  const path = kind === "video" ? videosPath(contactId) : documentsPath(contactId);
  const loader = kind === "video" ? videosLoader : documentsLoader;
  return settle(() => loader(routeArgs(getRequest(path, member.cookie), { contactId: String(contactId) })));
}

function confirmDelete(kind: "video" | "document", member: TestMember, contactId: number, id: number | string) {
  const path = `${kind === "video" ? videosPath(contactId) : documentsPath(contactId)}/${id}/delete`;
  const params: Record<string, string> = { contactId: String(contactId), [kind === "video" ? "videoId" : "documentId"]: String(id) };
  const loader = kind === "video" ? confirmVideo : confirmDocument;
  return settle(() => loader(routeArgs(getRequest(path, member.cookie), params)));
}

function remove(kind: "video" | "document", member: TestMember, contactId: number, id: number | string) {
  const path = `${kind === "video" ? videosPath(contactId) : documentsPath(contactId)}/${id}/delete`;
  const params: Record<string, string> = { contactId: String(contactId), [kind === "video" ? "videoId" : "documentId"]: String(id) };
  const action = kind === "video" ? deleteVideo : deleteDocument;
  return settle(() => action(routeArgs(postRequest(path, { csrf: "x" }, member.cookie), params)));
}

function serve(member: TestMember, url: string) {
  const token = /\/user\/files\/([^?]+)/.exec(url)![1];
  return settle(() => serveFile(routeArgs(getRequest(url, member.cookie), { token })));
}

async function linksOf(contactId: number) {
  return db.selectFrom("contact_files").selectAll().where("contact_id", "=", contactId).orderBy("id").execute();
}

const mp4 = (name = "pitch.mp4"): UploadFile => ({ name, content: VIDEO_HEADS.mp4(), type: "video/mp4" });
const pdf = (name = "deck.pdf"): UploadFile => ({ name, content: DOCUMENT_HEADS.pdf(), type: "application/pdf" });

describe("contact videos", () => {
  test("an empty list, an upload (JSON and without JS), the list, the player's file and the profile's count", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);

    const empty = await list("video", member, contactId);
    expect(empty.status).toBe(200);
    const emptyData = await empty.json();
    expect(emptyData.videos).toEqual([]);
    expect(emptyData.contact).toEqual({ id: contactId, name: "Grace Hopper" });
    expect(emptyData.upload.maxBytes).toBe(250_000_000);
    expect(emptyData.upload.accept).toContain(".mp4");

    const withJs = await send("video", member, contactId, mp4(), { json: true });
    expect(withJs.status).toBe(200);
    const body = await withJs.json();
    expect(body).toMatchObject({ type: "success", message: "Video pitch.mp4 saved.", url: videosPath(contactId) });

    // With JS the upload control posts to the contact's uploads route (no page: its answer is
    // the JSON the control reads) and says it is an XMLHttpRequest.
    const xhrRequest = uploadRequest(`/user/contacts/${contactId}/uploads/videos`, mp4("clip.mp4"), { cookie: member.cookie, json: true });
    xhrRequest.headers.set("X-Requested-With", "XMLHttpRequest");
    const xhr = await settle(() => uploadsModule.action(routeArgs(xhrRequest, { contactId: String(contactId), upload: "videos" })));
    expect(xhr.status).toBe(200);
    expect(await xhr.json()).toMatchObject({ type: "success", message: "Video clip.mp4 saved." });
    await remove("video", member, contactId, (await linksOf(contactId)).at(-1)!.id);

    const plain = await send("video", member, contactId, mp4("talk.mp4"));
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(videosPath(contactId));
    expect(await flashOf(plain)).toEqual({ type: "success", message: "Video talk.mp4 saved." });

    const files = await filesOf(member);
    expect(files.map((file) => [file.kind, file.media_type, file.original_name])).toEqual([
      ["contact_video", "video/mp4", "pitch.mp4"],
      ["contact_video", "video/mp4", "talk.mp4"],
    ]);
    const links = await linksOf(contactId);
    expect(links.map((link) => [link.kind, link.file_id])).toEqual(files.map((file) => ["video", file.id]));
    expect(body.file.id).toBe(links[0].id);

    const data = await (await list("video", member, contactId)).json();
    expect(data.videos.map((video: { name: string }) => video.name).sort()).toEqual(["pitch.mp4", "talk.mp4"]);
    const pitch = data.videos.find((video: { name: string }) => video.name === "pitch.mp4");
    expect(pitch).toMatchObject({ id: links[0].id, mediaType: "video/mp4", size: files[0].size, url: `/user/files/${files[0].token}`, thumbnailUrl: null });

    const served = await serve(member, pitch.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("video/mp4");
    expect(Buffer.from(await served.arrayBuffer()).equals(VIDEO_HEADS.mp4())).toBe(true);

    const profile = await (await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${contactId}`, member.cookie))))).json();
    expect(profile.fileCounts).toEqual({ videos: 2, documents: 0 });
  });

  test("deleting asks first, then removes the row, the link and the file on disk; the list is reloaded empty", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    await send("video", member, contactId, mp4());
    const [file] = await filesOf(member);
    const [link] = await linksOf(contactId);
    expect(await storage().size(file.storage_key)).toBe(file.size);

    const asked = await confirmDelete("video", member, contactId, link.id);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ contactId, name: "pitch.mp4" });

    const deleted = await remove("video", member, contactId, link.id);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(videosPath(contactId));
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Video pitch.mp4 deleted." });
    expect(await filesOf(member)).toEqual([]);
    expect(await linksOf(contactId)).toEqual([]);
    expect(await storage().size(file.storage_key)).toBeNull();
    expect((await (await list("video", member, contactId)).json()).videos).toEqual([]);

    // Gone: a second deletion is a 404.
    expect((await remove("video", member, contactId, link.id)).status).toBe(404);
  });

  test("a document or a fake video is refused, with nothing kept", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const refused = await send("video", member, contactId, pdf(), { json: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      type: "error",
      name: "deck.pdf",
      message: expect.stringMatching(/^Upload error: deck\.pdf: A video must be a/),
    });
    const fake = await send("video", member, contactId, { name: "fake.mp4", content: DOCUMENT_HEADS.pdf() });
    expect(fake.status).toBe(302);
    expect(await flashOf(fake)).toEqual({ type: "error", message: "Upload error: fake.mp4: Its content is not a video: it does not match the file's name." });
    const none = await send("video", member, contactId, null, { json: true });
    expect(await none.json()).toMatchObject({ type: "error", message: "Upload error: Upload: Choose a file to upload." });
    expect(await filesOf(member)).toEqual([]);
    expect(await linksOf(contactId)).toEqual([]);
  });
});

describe("contact documents", () => {
  test("upload, list with type, size, thumbnail for images, download as attachment, delete", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);

    expect((await send("document", member, contactId, pdf(), { json: true })).status).toBe(200);
    expect((await send("document", member, contactId, { name: "card.png", content: await png(120, 80), type: "image/png" })).status).toBe(302);
    const notes = await send("document", member, contactId, { name: "notes.txt", content: DOCUMENT_HEADS.txt(), type: "text/plain" }, { json: true });
    expect(await notes.json()).toMatchObject({ type: "success", message: "Document notes.txt saved." });

    const data = await (await list("document", member, contactId)).json();
    expect(data.upload.maxBytes).toBe(25_000_000);
    expect(data.upload.accept).toContain(".pdf");
    const byName = Object.fromEntries(data.documents.map((document: { name: string }) => [document.name, document]));
    expect(Object.keys(byName).sort()).toEqual(["card.png", "deck.pdf", "notes.txt"]);
    expect(byName["deck.pdf"]).toMatchObject({ mediaType: "application/pdf", size: DOCUMENT_HEADS.pdf().length, thumbnailUrl: null });
    expect(byName["card.png"].mediaType).toBe("image/png");
    expect(byName["card.png"].thumbnailUrl).toBe(`${byName["card.png"].url}?variant=thumbnail`);

    const download = await serve(member, byName["deck.pdf"].url);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''deck.pdf");
    expect((await serve(member, byName["card.png"].thumbnailUrl)).headers.get("Content-Type")).toBe("image/webp");

    const files = await filesOf(member);
    expect(files.every((file) => file.kind === "contact_document")).toBe(true);
    const card = files.find((file) => file.original_name === "card.png")!;
    expect(await storage().size(card.thumbnail_key!)).not.toBeNull();

    const asked = await confirmDelete("document", member, contactId, byName["card.png"].id);
    expect(await asked.json()).toEqual({ contactId, name: "card.png" });
    const deleted = await remove("document", member, contactId, byName["card.png"].id);
    expect(deleted.headers.get("Location")).toBe(documentsPath(contactId));
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Document card.png deleted." });
    expect(await storage().size(card.storage_key)).toBeNull();
    expect(await storage().size(card.thumbnail_key!)).toBeNull();
    expect((await filesOf(member)).map((file) => file.original_name).sort()).toEqual(["deck.pdf", "notes.txt"]);

    const profile = await (await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${contactId}`, member.cookie))))).json();
    expect(profile.fileCounts).toEqual({ videos: 0, documents: 2 });
  });

  test("an mp4 renamed .pdf is refused", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const response = await send("document", member, contactId, { name: "contract.pdf", content: VIDEO_HEADS.mp4() }, { json: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: "error",
      name: "contract.pdf",
      error: "Its content is not a document: it does not match the file's name.",
      message: "Upload error: contract.pdf: Its content is not a document: it does not match the file's name.",
    });
    expect(await filesOf(member)).toEqual([]);
    expect(await linksOf(contactId)).toEqual([]);
  });

  test("a video is not a document, and a document's id is not a video's", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const refused = await send("document", member, contactId, mp4(), { json: true });
    expect(refused.status).toBe(400);
    await send("document", member, contactId, pdf());
    const [link] = await linksOf(contactId);
    expect((await confirmDelete("video", member, contactId, link.id)).status).toBe(404);
    expect((await remove("video", member, contactId, link.id)).status).toBe(404);
    expect(await linksOf(contactId)).toHaveLength(1);
  });
});

describe("deleting the contact", () => {
  test("takes its videos and documents with it: rows and files on disk", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const keptId = await contactOf(member, { name: "Ada Lovelace" });
    await send("video", member, contactId, mp4());
    await send("document", member, contactId, { name: "card.png", content: await png(), type: "image/png" });
    await send("document", member, keptId, pdf());
    const files = await filesOf(member);
    expect(files).toHaveLength(3);
    const [video, card, kept] = files;

    const response = await settle(() =>
      deleteContactAction(routeArgs(postRequest(`/user/contacts/${contactId}/delete`, { csrf: "x" }, member.cookie), { contactId: String(contactId) })),
    );
    expect(response.status).toBe(302);
    expect(await linksOf(contactId)).toEqual([]);
    expect((await filesOf(member)).map((file) => file.id)).toEqual([kept.id]);
    expect(await storage().size(video.storage_key)).toBeNull();
    expect(await storage().size(card.storage_key)).toBeNull();
    expect(await storage().size(card.thumbnail_key!)).toBeNull();
    expect(await storage().size(kept.storage_key)).toBe(kept.size);
    expect(await linksOf(keptId)).toHaveLength(1);

    // deleteContact directly does the same.
    expect(await deleteContact(member.id, keptId)).toBe(true);
    expect(await filesOf(member)).toEqual([]);
    expect(await storage().size(kept.storage_key)).toBeNull();
  });
});

describe("another member", () => {
  test("gets 404 from every loader and action, and for the files", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const contactId = await contactOf(owner);
    const otherContactId = await contactOf(other, { name: "Someone else" });
    await send("video", owner, contactId, mp4());
    await send("document", owner, contactId, pdf());
    const [videoLink, documentLink] = await linksOf(contactId);
    const before = await filesOf(owner);

    expect((await list("video", other, contactId)).status).toBe(404);
    expect((await list("document", other, contactId)).status).toBe(404);
    expect((await send("video", other, contactId, mp4("theirs.mp4"), { json: true })).status).toBe(404);
    expect((await send("document", other, contactId, pdf("theirs.pdf"), { json: true })).status).toBe(404);
    expect((await confirmDelete("video", other, contactId, videoLink.id)).status).toBe(404);
    expect((await confirmDelete("document", other, contactId, documentLink.id)).status).toBe(404);
    expect((await remove("video", other, contactId, videoLink.id)).status).toBe(404);
    expect((await remove("document", other, contactId, documentLink.id)).status).toBe(404);
    // Nor through their own contact's address.
    expect((await confirmDelete("video", other, otherContactId, videoLink.id)).status).toBe(404);
    expect((await remove("video", other, otherContactId, videoLink.id)).status).toBe(404);
    expect((await remove("document", other, otherContactId, documentLink.id)).status).toBe(404);
    // Not a number, or not there.
    expect((await list("video", owner, 999_999)).status).toBe(404);
    expect((await confirmDelete("video", owner, contactId, "abc")).status).toBe(404);
    expect((await confirmDelete("document", owner, contactId, 999_999)).status).toBe(404);

    for (const file of before) {
      expect((await serve(other, `/user/files/${file.token}`)).status).toBe(404);
      expect((await serve(owner, `/user/files/${file.token}`)).status).toBe(200);
    }
    expect(await filesOf(owner)).toEqual(before);
    expect(await filesOf(other)).toEqual([]);
    expect(await linksOf(contactId)).toHaveLength(2);
  });

  test("a signed-out visitor is sent to sign in", async () => {
    const owner = await createSignedInMember();
    const contactId = await contactOf(owner);
    const response = await settle(() => videosLoader(routeArgs(getRequest(videosPath(contactId)), { contactId: String(contactId) })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });
});

describe("the contact's uploads route (where the dialogs' upload control posts with JS)", () => {
  const uploads = (member: TestMember | null, method: "GET" | "POST", contactId: number | string, upload: string, file?: UploadFile) => {
    const path = `/user/contacts/${contactId}/uploads/${upload}`;
    const params = { contactId: String(contactId), upload };
    if (method === "GET") return settle(() => uploadsModule.loader(routeArgs(getRequest(path, member?.cookie), params)));
    const request = uploadRequest(path, file ?? null, { cookie: member?.cookie, json: true });
    request.headers.set("X-Requested-With", "XMLHttpRequest");
    return settle(() => uploadsModule.action(routeArgs(request, params)));
  };

  test("takes a video, a document or a business card, answering JSON; a visit goes to the dialog", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);

    expect(await (await uploads(member, "POST", contactId, "videos", mp4())).json()).toMatchObject({ type: "success", url: videosPath(contactId) });
    expect(await (await uploads(member, "POST", contactId, "documents", pdf())).json()).toMatchObject({ type: "success", url: documentsPath(contactId) });
    const card = { name: "card.png", content: await png(400, 300), type: "image/png" };
    const cardAnswer = await uploads(member, "POST", contactId, "business-cards", card);
    expect(cardAnswer.status).toBe(200);
    expect(await cardAnswer.json()).toMatchObject({ type: "success", url: `/user/contacts/${contactId}/business-cards` });
    expect((await linksOf(contactId)).map((link) => link.kind)).toEqual(["video", "document"]);
    expect(await db.selectFrom("business_cards").select("id").where("contact_id", "=", contactId).execute()).toHaveLength(1);

    const visit = await uploads(member, "GET", contactId, "videos");
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toBe(videosPath(contactId));
  });

  test("another member's contact, an unknown upload or a signed-out visitor get nothing saved", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const contactId = await contactOf(owner);

    expect((await uploads(other, "POST", contactId, "videos", mp4())).status).toBe(404);
    expect((await uploads(other, "GET", contactId, "documents")).status).toBe(404);
    expect((await uploads(owner, "POST", contactId, "photos", mp4())).status).toBe(404);
    expect((await uploads(owner, "GET", contactId, "photos")).status).toBe(404);
    const signedOut = await uploads(null, "GET", contactId, "videos");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/signin/);
    expect(await linksOf(contactId)).toEqual([]);
  });
});
