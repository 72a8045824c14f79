import fs from "node:fs";
import sharp from "sharp";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { canRead } from "~/features/files/access.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { storage } from "~/lib/storage.server";
import { receiveUpload } from "~/lib/uploads.server";
import type { UploadKind } from "~/lib/file-types";
import { loader } from "~/routes/files/user.files.$token";
import { DOCUMENT_HEADS, png, uploadRequest } from "./fixtures/files";
import { createSignedInMember, getRequest, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

async function upload(owner: TestMember, kind: UploadKind, name: string, content: Buffer) {
  const result = await receiveUpload(uploadRequest("/upload", { name, content }), { kind, ownerId: owner.id });
  if (!result.ok) throw new Error(result.error.message);
  return result.file!;
}

function get(token: string, { cookie, headers = {}, query = "" }: { cookie?: string; headers?: Record<string, string>; query?: string }) {
  const request = getRequest(`/user/files/${token}${query}`, cookie);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return settle(() => loader(routeArgs(request, { token })));
}

describe("serving uploaded files", () => {
  test("the owner gets their file, with its type and headers that cache it for good", async () => {
    const owner = await createSignedInMember();
    const content = await png(120, 90);
    const file = await upload(owner, "profile_image", "me.png", content);
    expect(fileUrl(file.token)).toBe(`/user/files/${file.token}`);

    const response = await get(file.token, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("ETag")).toBe(`"${file.token}"`);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Disposition")).toBe("inline; filename*=UTF-8''me.png");
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBe(file.size);
    expect(await sharp(body).metadata()).toMatchObject({ format: "png", width: 120, height: 90 });
  });

  test("If-None-Match with the file's ETag answers 304 without a body", async () => {
    const owner = await createSignedInMember();
    const file = await upload(owner, "profile_image", "me.png", await png());
    const response = await get(file.token, { cookie: owner.cookie, headers: { "If-None-Match": `"${file.token}"` } });
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
    expect(response.headers.get("ETag")).toBe(`"${file.token}"`);
    // Another ETag is not a match; a list or a weak form of ours is.
    expect((await get(file.token, { cookie: owner.cookie, headers: { "If-None-Match": '"something-else"' } })).status).toBe(200);
    const listed = `"other", W/"${file.token}"`;
    expect((await get(file.token, { cookie: owner.cookie, headers: { "If-None-Match": listed } })).status).toBe(304);
  });

  test("a Range request gets that part of the file (206 with Content-Range)", async () => {
    const owner = await createSignedInMember();
    const content = DOCUMENT_HEADS.pdf();
    const file = await upload(owner, "contact_document", "report.pdf", content);

    const first = await get(file.token, { cookie: owner.cookie, headers: { Range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-99/${content.length}`);
    expect(first.headers.get("Content-Length")).toBe("100");
    expect(Buffer.from(await first.arrayBuffer())).toEqual(content.subarray(0, 100));

    const rest = await get(file.token, { cookie: owner.cookie, headers: { Range: "bytes=1000-" } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("Content-Range")).toBe(`bytes 1000-${content.length - 1}/${content.length}`);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(content.subarray(1000));

    const last = await get(file.token, { cookie: owner.cookie, headers: { Range: "bytes=-10" } });
    expect(last.status).toBe(206);
    expect(Buffer.from(await last.arrayBuffer())).toEqual(content.subarray(content.length - 10));

    const past = await get(file.token, { cookie: owner.cookie, headers: { Range: `bytes=${content.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${content.length}`);
  });

  test("documents download as attachments rather than open in the page", async () => {
    const owner = await createSignedInMember();
    const file = await upload(owner, "contact_document", "notes.txt", DOCUMENT_HEADS.txt());
    const response = await get(file.token, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain");
    expect(response.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''notes.txt");
  });

  test("?variant=thumbnail serves the 100x100 WebP thumbnail", async () => {
    const owner = await createSignedInMember();
    const file = await upload(owner, "profile_image", "me.png", await png(300, 200));
    expect(fileUrl(file.token, "thumbnail")).toBe(`/user/files/${file.token}?variant=thumbnail`);
    const response = await get(file.token, { cookie: owner.cookie, query: "?variant=thumbnail" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("ETag")).not.toBe(`"${file.token}"`);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 100, height: 100 });
    // A document has no thumbnail.
    const document = await upload(owner, "contact_document", "report.pdf", DOCUMENT_HEADS.pdf());
    expect((await get(document.token, { cookie: owner.cookie, query: "?variant=thumbnail" })).status).toBe(404);
  });

  test("another member sees a profile or cover image, but not a file that is the owner's alone", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const profile = await upload(owner, "profile_image", "me.png", await png());
    const cover = await upload(owner, "cover_image", "cover.png", await png(400, 100));
    const document = await upload(owner, "contact_document", "contract.pdf", DOCUMENT_HEADS.pdf());
    const picture = await upload(owner, "contact_document", "scan.png", await png());

    expect((await get(profile.token, { cookie: other.cookie })).status).toBe(200);
    expect((await get(profile.token, { cookie: other.cookie, query: "?variant=thumbnail" })).status).toBe(200);
    expect((await get(cover.token, { cookie: other.cookie })).status).toBe(200);
    for (const token of [document.token, picture.token]) {
      expect((await get(token, { cookie: owner.cookie })).status).toBe(200);
      const refused = await get(token, { cookie: other.cookie });
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain("PDF");
      expect((await get(token, { cookie: other.cookie, query: "?variant=thumbnail" })).status).toBe(404);
      expect((await get(token, { cookie: other.cookie, headers: { Range: "bytes=0-10" } })).status).toBe(404);
    }
  });

  test("canRead: profile and cover images, event and offer pictures for every member, the rest for the owner only", () => {
    const member = { id: 1, name: "A", email: "a@example.com", role: "member" as const, avatarUrl: null };
    for (const kind of ["profile_image", "cover_image", "event_media", "product_image"]) {
      expect(canRead({ kind, owner_id: 2 }, member)).toBe(true);
    }
    for (const kind of ["contact_document", "contact_video", "business_card", "post_media", "invite_image"]) {
      expect(canRead({ kind, owner_id: 2 }, member)).toBe(false);
      expect(canRead({ kind, owner_id: 1 }, member)).toBe(true);
    }
  });

  test("signed out, a file address leads to sign-in", async () => {
    const owner = await createSignedInMember();
    const file = await upload(owner, "profile_image", "me.png", await png());
    const response = await get(file.token, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });

  test("an unknown token, and a deleted file, answer 404", async () => {
    const owner = await createSignedInMember();
    expect((await get("no-such-token", { cookie: owner.cookie })).status).toBe(404);
    const file = await upload(owner, "profile_image", "me.png", await png());
    const row = await db.selectFrom("files").select(["storage_key", "thumbnail_key"]).where("id", "=", file.id).executeTakeFirstOrThrow();
    await deleteFile(file.id);
    expect((await get(file.token, { cookie: owner.cookie })).status).toBe(404);
    expect(await storage().size(row.storage_key)).toBeNull();
    expect(await storage().size(row.thumbnail_key!)).toBeNull();
  });

  test("a file whose bytes went missing from the store answers 404, not an error", async () => {
    const owner = await createSignedInMember();
    const file = await upload(owner, "profile_image", "me.png", await png());
    await storage().remove((await db.selectFrom("files").select("storage_key").executeTakeFirstOrThrow()).storage_key);
    expect((await get(file.token, { cookie: owner.cookie })).status).toBe(404);
  });

  test("the storage refuses keys that leave its folder", async () => {
    expect(() => storage().read("../../etc/passwd")).toThrow(/Bad storage key/);
    await expect(storage().putBuffer("../outside.txt", Buffer.from("x"))).rejects.toThrow(/Bad storage key/);
  });
});
