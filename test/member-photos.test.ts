import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { memberPhotos } from "~/features/members/photos.server";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { storage } from "~/lib/storage.server";
import { loader as root } from "~/root";
import { action as uploadCover, loader as coverGet } from "~/routes/spec/user.ajax.file_upload.cover_image";
import { action as uploadProfile, loader as profileGet } from "~/routes/spec/user.ajax.file_upload.profile";
import { loader as userHome } from "~/routes/home/user._index";
import { loader as photosPage } from "~/routes/settings/user.settings.photos";
import { action as deletePhoto, loader as confirmDelete } from "~/routes/settings/user.settings.photos.$slot.delete";
import { DOCUMENT_HEADS, noisyPng, png, uploadRequest, type UploadFile } from "./fixtures/files";
import { createSignedInMember, filesOf, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

const PROFILE = "/user/ajax/file_upload/profile";
const COVER = "/user/ajax/file_upload/cover_image";
const SETTINGS = "/user/settings/photos";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

function sendProfile(member: TestMember, file: UploadFile | null, { json = false } = {}) {
  return settle(() => uploadProfile(routeArgs(uploadRequest(PROFILE, file, { cookie: member.cookie, json, fields: { csrf: "x" } }))));
}

function sendCover(member: TestMember, file: UploadFile | null, { json = false } = {}) {
  return settle(() => uploadCover(routeArgs(uploadRequest(COVER, file, { cookie: member.cookie, json }))));
}

async function photoPng(width = 80, height = 80): Promise<UploadFile> {
  return { name: "me.png", content: await png(width, height), type: "image/png" };
}

async function usersRow(member: TestMember) {
  return db.selectFrom("users").select(["profile_image_id", "cover_image_id"]).where("id", "=", member.id).executeTakeFirstOrThrow();
}

async function avatarUrl(member: TestMember) {
  const response = await settle(() => root(routeArgs(getRequest("/user", member.cookie))));
  const data = (await response.json()) as { member: { avatarUrl: string | null } | null };
  return data.member?.avatarUrl;
}

function confirm(member: TestMember, slot: string) {
  return settle(() => confirmDelete(routeArgs(getRequest(`${SETTINGS}/${slot}/delete`, member.cookie), { slot })));
}

function deleteIt(member: TestMember, slot: string) {
  return settle(() => deletePhoto(routeArgs(postRequest(`${SETTINGS}/${slot}/delete`, { csrf: "x" }, member.cookie), { slot })));
}

describe("profile and cover images", () => {
  test("uploading with JavaScript answers JSON with the file", async () => {
    const member = await createSignedInMember();
    const response = await sendProfile(member, await photoPng(), { json: true });
    expect(response.status).toBe(200);
    const body = await response.json();
    const [file] = await filesOf(member);
    expect(body).toEqual({
      type: "success",
      message: "Profile image saved.",
      url: SETTINGS,
      file: {
        name: "me.png",
        file_type: "image/png",
        thumbnailUrl: `/user/files/${file.token}?variant=thumbnail`,
        url: `/user/files/${file.token}`,
      },
    });
    expect(file).toMatchObject({ kind: "profile_image", owner_id: member.id });
    expect((await usersRow(member)).profile_image_id).toBe(file.id);
  });

  test("uploading without JavaScript redirects to the photos page with the notification", async () => {
    const member = await createSignedInMember();
    const response = await sendProfile(member, await photoPng());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(SETTINGS);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Profile image saved." });

    const cover = await sendCover(member, { name: "cover.jpg", content: await png(600, 200) });
    expect(await flashOf(cover)).toEqual({ type: "success", message: "Cover image saved." });

    const [profileFile, coverFile] = await filesOf(member);
    expect(await usersRow(member)).toEqual({ profile_image_id: profileFile.id, cover_image_id: coverFile.id });
    expect(coverFile).toMatchObject({ kind: "cover_image", original_name: "cover.jpg", media_type: "image/png", width: 600, height: 200 });

    // The photos page, /user and the header show them.
    const page = await (await settle(() => photosPage(routeArgs(getRequest(SETTINGS, member.cookie))))).json();
    expect(page.photos).toEqual({
      profile: { url: `/user/files/${profileFile.token}`, thumbnailUrl: `/user/files/${profileFile.token}?variant=thumbnail`, width: 80, height: 80 },
      cover: { url: `/user/files/${coverFile.token}`, thumbnailUrl: `/user/files/${coverFile.token}?variant=thumbnail`, width: 600, height: 200 },
    });
    expect(page.limits).toEqual({ profile: 2_000_000, cover: 10_000_000 });
    const home = await (await settle(() => userHome(routeArgs(getRequest("/user", member.cookie))))).json();
    expect(home.photos).toEqual(page.photos);
  });

  test("a GET on the upload addresses leads to the photos page", async () => {
    expect((await profileGet()).headers.get("Location")).toBe(SETTINGS);
    expect((await coverGet()).headers.get("Location")).toBe(SETTINGS);
  });

  test("a refused upload is a 400 with the error, in JSON; a notification without JavaScript", async () => {
    const member = await createSignedInMember();
    const notes = { name: "notes.png", content: DOCUMENT_HEADS.txt() };
    const message = "Its content is not an image: it does not match the file's name.";

    const response = await sendProfile(member, notes, { json: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: "error",
      message: `Upload error: notes.png: ${message}`,
      name: "notes.png",
      error: message,
      url: SETTINGS,
    });

    const plain = await sendProfile(member, notes);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(SETTINGS);
    expect(await flashOf(plain)).toEqual({ type: "error", message: `Upload error: notes.png: ${message}` });

    const none = await sendProfile(member, null, { json: true });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ type: "error", message: "Upload error: Upload: Choose a file to upload." });

    const big = await sendProfile(member, { name: "big.png", content: await noisyPng(1000, 1000) }, { json: true });
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ message: "Upload error: big.png: The file is too large: the limit is 2 MB.", name: "big.png" });

    const exe = await sendCover(member, { name: "setup.exe", content: await png() }, { json: true });
    expect(await exe.json()).toMatchObject({
      message: "Upload error: setup.exe: A cover image must be a jpg, jpeg, jpe, jif, jfif, jfi, png, gif file.",
    });

    expect(await filesOf(member)).toEqual([]);
    expect(await usersRow(member)).toEqual({ profile_image_id: null, cover_image_id: null });
  });

  test("a failed upload keeps the image the member had", async () => {
    const member = await createSignedInMember();
    await sendProfile(member, await photoPng());
    const [before] = await filesOf(member);
    await sendProfile(member, { name: "notes.png", content: DOCUMENT_HEADS.txt() });
    expect(await filesOf(member)).toEqual([before]);
    expect((await usersRow(member)).profile_image_id).toBe(before.id);
    expect(await storage().size(before.storage_key)).toBe(before.size);
  });

  test("replacing an image deletes the previous one, its row and its files", async () => {
    const member = await createSignedInMember();
    await sendProfile(member, await photoPng(80, 80));
    const [first] = await filesOf(member);
    expect(await storage().size(first.storage_key)).toBe(first.size);
    expect(await storage().size(first.thumbnail_key!)).not.toBeNull();

    await sendProfile(member, { name: "new.png", content: await png(90, 90) });
    const files = await filesOf(member);
    expect(files).toHaveLength(1);
    const [second] = files;
    expect(second.id).not.toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect((await usersRow(member)).profile_image_id).toBe(second.id);
    expect(await storage().size(first.storage_key)).toBeNull();
    expect(await storage().size(first.thumbnail_key!)).toBeNull();
    expect(await storage().size(second.storage_key)).toBe(second.size);
  });

  test("the header's avatar follows the current profile image", async () => {
    const member = await createSignedInMember();
    expect(await avatarUrl(member)).toBeNull();
    await sendProfile(member, await photoPng());
    const [first] = await filesOf(member);
    expect(await avatarUrl(member)).toBe(`/user/files/${first.token}?variant=thumbnail`);
    await sendProfile(member, await photoPng());
    const [second] = await filesOf(member);
    expect(await avatarUrl(member)).toBe(`/user/files/${second.token}?variant=thumbnail`);
    // A cover image is not an avatar.
    await sendCover(member, await photoPng());
    expect(await avatarUrl(member)).toBe(`/user/files/${second.token}?variant=thumbnail`);
    await deleteIt(member, "profile-image");
    expect(await avatarUrl(member)).toBeNull();
  });

  test("deleting asks first, then deletes the image and its files", async () => {
    const member = await createSignedInMember();
    await sendProfile(member, await photoPng());
    const [file] = await filesOf(member);

    const asked = await confirm(member, "profile-image");
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ label: "profile image" });

    const response = await deleteIt(member, "profile-image");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(SETTINGS);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Profile image deleted." });
    expect(await filesOf(member)).toEqual([]);
    expect(await usersRow(member)).toEqual({ profile_image_id: null, cover_image_id: null });
    expect(await storage().size(file.storage_key)).toBeNull();
    expect(await storage().size(file.thumbnail_key!)).toBeNull();
    expect((await memberPhotos(member.id)).profile).toBeNull();

    // Once it is gone there is nothing to delete.
    expect((await confirm(member, "profile-image")).status).toBe(404);
    expect((await deleteIt(member, "profile-image")).status).toBe(404);
  });

  test("the cover image is deleted on its own", async () => {
    const member = await createSignedInMember();
    await sendProfile(member, await photoPng());
    await sendCover(member, await photoPng());
    expect(await (await confirm(member, "cover-image")).json()).toEqual({ label: "cover image" });
    expect(await flashOf(await deleteIt(member, "cover-image"))).toEqual({ type: "success", message: "Cover image deleted." });
    const files = await filesOf(member);
    expect(files.map((file) => file.kind)).toEqual(["profile_image"]);
    expect((await usersRow(member)).profile_image_id).toBe(files[0].id);
  });

  test("there is nothing to delete when there is no image, or for an unknown slot", async () => {
    const member = await createSignedInMember();
    expect((await confirm(member, "profile-image")).status).toBe(404);
    expect((await deleteIt(member, "cover-image")).status).toBe(404);
    await sendProfile(member, await photoPng());
    for (const slot of ["avatar", "profile", "", "constructor", "__proto__"]) {
      expect((await confirm(member, slot)).status).toBe(404);
      expect((await deleteIt(member, slot)).status).toBe(404);
    }
    expect(await filesOf(member)).toHaveLength(1);
  });

  test("another member can neither delete nor replace your image", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    await sendProfile(owner, await photoPng());
    const [file] = await filesOf(owner);

    // The routes act on the signed-in member's own slots only: the other has none to delete.
    expect((await confirm(other, "profile-image")).status).toBe(404);
    expect((await deleteIt(other, "profile-image")).status).toBe(404);
    // Uploading is to their own slot.
    await sendProfile(other, await photoPng());
    const [theirs] = await filesOf(other);
    expect(theirs.owner_id).toBe(other.id);
    expect((await usersRow(other)).profile_image_id).toBe(theirs.id);
    await deleteIt(other, "profile-image");

    expect(await filesOf(owner)).toEqual([file]);
    expect((await usersRow(owner)).profile_image_id).toBe(file.id);
    expect(await storage().size(file.storage_key)).toBe(file.size);
  });

  test("signed out, uploading and deleting lead to sign-in and change nothing", async () => {
    const owner = await createSignedInMember();
    await sendProfile(owner, await photoPng());
    const upload = await settle(() => uploadProfile(routeArgs(uploadRequest(PROFILE, { name: "me.png", content: Buffer.from("x") }))));
    expect(upload.status).toBe(302);
    expect(upload.headers.get("Location")).toMatch(/^\/signin/);
    const removal = await settle(() => deletePhoto(routeArgs(postRequest(`${SETTINGS}/profile-image/delete`, {}), { slot: "profile-image" })));
    expect(removal.status).toBe(302);
    expect(removal.headers.get("Location")).toMatch(/^\/signin/);
    expect(await filesOf(owner)).toHaveLength(1);
  });
});
