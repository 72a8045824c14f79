import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { canRead } from "~/features/files/access.server";
import { storage } from "~/lib/storage.server";
import { action as deletePhoto, loader as confirmPhoto } from "~/routes/contacts/user.contacts.$contactId.delete-profile-image";
import { action as uploadPhoto, loader as photoLoader } from "~/routes/contacts/user.contacts.$contactId.profile-image";
import { loader as contactsLoader } from "~/routes/contacts/user.contacts";
import { action as legacyDeletePhoto } from "~/routes/spec/user.delete.contact_profile_image";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { action as legacyUploadVideo } from "~/routes/spec/user.upload.simple_upload_video_frame";
import { action as legacyDeleteVideo } from "~/routes/spec/user.video_frame.delete";
import { loader as legacyListVideos } from "~/routes/spec/user.video_frame.ajax_list_by_contact.$contactId";
import { noisyPng, png, uploadRequest, VIDEO_HEADS, type UploadFile } from "./fixtures/files";
import { BASE, contactOf, createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const photoPath = (contactId: number) => `/user/contacts/${contactId}/profile-image`;
const image = async (name = "grace.png"): Promise<UploadFile> => ({ name, content: await png(120, 120), type: "image/png" });

function send(member: TestMember, contactId: number, file: UploadFile, { json = false } = {}) {
  return settle(() => uploadPhoto(routeArgs(uploadRequest(photoPath(contactId), file, { cookie: member.cookie, json }), { contactId: String(contactId) })));
}

function jsonPost(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
  });
}

async function photoIdOf(contactId: number) {
  return (await db.selectFrom("contacts").select("profile_image_id").where("id", "=", contactId).executeTakeFirstOrThrow()).profile_image_id;
}

async function fileById(id: number) {
  return db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
}

function serve(member: TestMember, token: string) {
  return settle(() => serveFile(routeArgs(getRequest(`/user/files/${token}`, member.cookie), { token })));
}

describe("a contact's profile image", () => {
  test("set, shown in the grid, replaced (the old file is deleted), deleted after confirming", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);

    const first = await send(member, contactId, await image(), { json: true });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ type: "success", message: "Profile image of Grace Hopper saved.", url: `/user/contacts/edit/${contactId}` });
    const firstId = (await photoIdOf(contactId))!;
    const firstFile = (await fileById(firstId))!;
    expect(firstFile.kind).toBe("contact_profile_image");
    expect(body.file.thumbnailUrl).toBe(`/user/files/${firstFile.token}?variant=thumbnail`);

    const grid = await (await settle(() => contactsLoader(routeArgs(getRequest("/user/contacts", member.cookie))))).json();
    expect(grid.contacts[0].imageUrl).toBe(`/user/files/${firstFile.token}?variant=thumbnail`);

    // Replacing without JavaScript: back to the edit dialog, the first file is gone.
    const second = await send(member, contactId, await image("new.png"));
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(`/user/contacts/edit/${contactId}`);
    expect(await flashOf(second)).toEqual({ type: "success", message: "Profile image of Grace Hopper saved." });
    const secondId = (await photoIdOf(contactId))!;
    expect(secondId).not.toBe(firstId);
    expect(await fileById(firstId)).toBeUndefined();
    expect(await storage().size(firstFile.storage_key)).toBeNull();

    const asked = await settle(() =>
      confirmPhoto(routeArgs(getRequest(`/user/contacts/${contactId}/delete-profile-image`, member.cookie), { contactId: String(contactId) })),
    );
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ name: "Grace Hopper", cancelTo: `/user/contacts/edit/${contactId}` });
    const secondFile = (await fileById(secondId))!;
    const deleted = await settle(() =>
      deletePhoto(routeArgs(postRequest(`/user/contacts/${contactId}/delete-profile-image`, {}, member.cookie), { contactId: String(contactId) })),
    );
    expect(deleted.status).toBe(302);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Profile image of Grace Hopper deleted." });
    expect(await photoIdOf(contactId)).toBeNull();
    expect(await fileById(secondId)).toBeUndefined();
    expect(await storage().size(secondFile.storage_key)).toBeNull();

    // Nothing left to delete: the confirmation is a 404.
    expect(
      (
        await settle(() =>
          confirmPhoto(routeArgs(getRequest(`/user/contacts/${contactId}/delete-profile-image`, member.cookie), { contactId: String(contactId) })),
        )
      ).status,
    ).toBe(404);
    const page = await settle(() => photoLoader(routeArgs(getRequest(photoPath(contactId), member.cookie), { contactId: String(contactId) })));
    expect(page.headers.get("Location")).toBe(`/user/contacts/edit/${contactId}`);
  });

  test("the edit dialog's ?back= is kept through the image's upload and deletion, so closing it still goes to the opener", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    const back = `?back=${encodeURIComponent("/user/contacts?q=grace&page=2")}`;
    const editWithBack = `/user/contacts/edit/${contactId}${back}`;
    const params = { contactId: String(contactId) };
    const file = await image();
    const uploaded = await settle(() => uploadPhoto(routeArgs(uploadRequest(`${photoPath(contactId)}${back}`, file, { cookie: member.cookie }), params)));
    expect(uploaded.headers.get("Location")).toBe(editWithBack);
    const asked = await settle(() => confirmPhoto(routeArgs(getRequest(`/user/contacts/${contactId}/delete-profile-image${back}`, member.cookie), params)));
    expect(await asked.json()).toMatchObject({ cancelTo: editWithBack });
    const deleted = await settle(() =>
      deletePhoto(routeArgs(postRequest(`/user/contacts/${contactId}/delete-profile-image${back}`, {}, member.cookie), params)),
    );
    expect(deleted.headers.get("Location")).toBe(editWithBack);
    // An address of another site is dropped, not followed.
    const elsewhere = await settle(() =>
      photoLoader(routeArgs(getRequest(`${photoPath(contactId)}?back=${encodeURIComponent("//evil.example")}`, member.cookie), params)),
    );
    expect(elsewhere.headers.get("Location")).toBe(`/user/contacts/edit/${contactId}`);
  });

  test("SPEC.md's delete/contact_profile_image answers type and message", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    await send(member, contactId, await image());
    const fileId = (await photoIdOf(contactId))!;
    const answer = await settle(() =>
      legacyDeletePhoto(routeArgs(jsonPost("/user/delete/contact_profile_image", { contact_id: String(contactId) }, member.cookie))),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ type: "success", message: "Profile image of Grace Hopper deleted." });
    expect(await photoIdOf(contactId)).toBeNull();
    expect(await fileById(fileId)).toBeUndefined();
    const again = await settle(() =>
      legacyDeletePhoto(routeArgs(jsonPost("/user/delete/contact_profile_image", { contact_id: String(contactId) }, member.cookie))),
    );
    expect(again.status).toBe(404);
  });

  test("over 2,000,000 bytes or not an image is refused, and the previous image stays", async () => {
    const member = await createSignedInMember();
    const contactId = await contactOf(member);
    await send(member, contactId, await image());
    const kept = await photoIdOf(contactId);
    const large = await send(member, contactId, { name: "huge.png", content: await noisyPng(900, 900) }, { json: true });
    expect(large.status).toBe(400);
    expect((await large.json()).message).toBe("Upload error: huge.png: The file is too large: the limit is 2 MB.");
    const text = await send(member, contactId, { name: "notes.txt", content: Buffer.from("hello") }, { json: true });
    expect(text.status).toBe(400);
    expect(await photoIdOf(contactId)).toBe(kept);
  });

  test("is its owner's alone: another member gets 404 for the file and every route", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const contactId = await contactOf(owner);
    await send(owner, contactId, await image());
    const file = (await fileById((await photoIdOf(contactId))!))!;
    expect(canRead(file, { id: other.id } as never)).toBe(false);
    expect((await serve(other, file.token)).status).toBe(404);
    expect((await serve(owner, file.token)).status).toBe(200);

    expect((await send(other, contactId, await image(), { json: true })).status).toBe(404);
    expect((await settle(() => photoLoader(routeArgs(getRequest(photoPath(contactId), other.cookie), { contactId: String(contactId) })))).status).toBe(404);
    const params = { contactId: String(contactId) };
    expect((await settle(() => confirmPhoto(routeArgs(getRequest(`/user/contacts/${contactId}/delete-profile-image`, other.cookie), params)))).status).toBe(
      404,
    );
    expect((await settle(() => deletePhoto(routeArgs(postRequest(`/user/contacts/${contactId}/delete-profile-image`, {}, other.cookie), params)))).status).toBe(
      404,
    );
    expect(
      (await settle(() => legacyDeletePhoto(routeArgs(postRequest("/user/delete/contact_profile_image", { contact_id: String(contactId) }, other.cookie)))))
        .status,
    ).toBe(404);
    expect(await photoIdOf(contactId)).toBe(file.id);
  });
});

describe("SPEC.md's video_frame addresses", () => {
  const mp4 = (): UploadFile => ({ name: "pitch.mp4", content: VIDEO_HEADS.mp4(), type: "video/mp4" });

  test("upload with contact_id, list with total, delete with video_id and contact_id; another member gets 404", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const contactId = await contactOf(owner);
    const upload = (member: TestMember) =>
      settle(() =>
        legacyUploadVideo(
          routeArgs(
            uploadRequest("/user/upload/simple_upload_video_frame", mp4(), { cookie: member.cookie, json: true, fields: { contact_id: String(contactId) } }),
          ),
        ),
      );
    const list = (member: TestMember) =>
      settle(() =>
        legacyListVideos(
          routeArgs(
            new Request(`${BASE}/user/video_frame/ajax_list_by_contact/${contactId}`, { headers: { Cookie: member.cookie, Accept: "application/json" } }),
            {
              contactId: String(contactId),
            },
          ),
        ),
      );

    const uploaded = await upload(owner);
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({ type: "success", message: "Video pitch.mp4 saved." });
    const listed = await (await list(owner)).json();
    expect(listed.total).toBe(1);
    const videoId = listed.videos[0].id;

    expect((await upload(other)).status).toBe(404);
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", other.id).execute()).toEqual([]);
    expect((await list(other)).status).toBe(404);
    const fields = { video_id: String(videoId), contact_id: String(contactId) };
    expect((await settle(() => legacyDeleteVideo(routeArgs(jsonPost("/user/video_frame/delete", fields, other.cookie))))).status).toBe(404);

    const deleted = await settle(() => legacyDeleteVideo(routeArgs(jsonPost("/user/video_frame/delete", fields, owner.cookie))));
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ type: "success", message: "Video pitch.mp4 deleted." });
    expect((await (await list(owner)).json()).total).toBe(0);
  });
});
