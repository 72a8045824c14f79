import fs from "node:fs";
import sharp from "sharp";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { acceptedExtensions, type UploadKind } from "~/lib/file-types";
import { sniff } from "~/lib/sniff.server";
import { checkType, receiveUpload, UploadError } from "~/lib/uploads.server";
import { action as uploadCover } from "~/routes/spec/user.ajax.file_upload.cover_image";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { DOCUMENT_HEADS, gif, jpeg, png, uploadRequest, VIDEO_HEADS } from "./fixtures/files";
import { createSignedInMember, getRequest, readStored, routeArgs, settle } from "./helpers";

const IMAGE_LIST = "jpg, jpeg, jpe, jif, jfif, jfi, png, gif";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

/** The message checkType refuses with, or null when it accepts. */
function refusal(kind: UploadKind, name: string, head: Uint8Array) {
  try {
    checkType(kind, name, head);
    return null;
  } catch (error) {
    if (error instanceof UploadError) return error.message;
    throw error;
  }
}

describe("recognising a file from its bytes", () => {
  test("JPEG, PNG and GIF are images whatever they are called", async () => {
    expect(sniff(await jpeg(), "photo.jpg")).toEqual({ mediaType: "image/jpeg", family: "image", extension: "jpg" });
    expect(sniff(await png(), "photo.png")).toEqual({ mediaType: "image/png", family: "image", extension: "png" });
    expect(sniff(await gif(), "photo.gif")).toEqual({ mediaType: "image/gif", family: "image", extension: "gif" });
    // The name never changes what the content is.
    expect(sniff(await png(), "photo.jpg")).toMatchObject({ mediaType: "image/png", extension: "png" });
    expect(sniff(await jpeg(), "photo")).toMatchObject({ mediaType: "image/jpeg" });
  });

  test.each([
    ["mp4", "video/mp4"],
    ["mov", "video/quicktime"],
    ["3gp", "video/3gpp"],
    ["avi", "video/x-msvideo"],
    ["wmv", "video/x-ms-wmv"],
    ["flv", "video/x-flv"],
    ["ts", "video/mp2t"],
    ["m3u8", "application/vnd.apple.mpegurl"],
  ] as const)("%s is a video (%s)", (extension, mediaType) => {
    const head = VIDEO_HEADS[extension]();
    expect(sniff(head, `clip.${extension}`)).toEqual({ mediaType, family: "video", extension });
    expect(refusal("contact_video", `clip.${extension}`, head)).toBeNull();
  });

  test("an M3U8 playlist saved with a byte order mark is still one", () => {
    const head = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), VIDEO_HEADS.m3u8()]);
    expect(sniff(head, "list.m3u8")).toMatchObject({ mediaType: "application/vnd.apple.mpegurl" });
  });

  test.each([
    ["report.pdf", DOCUMENT_HEADS.pdf, "application/pdf"],
    ["letter.docx", DOCUMENT_HEADS.docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["sheet.xlsx", DOCUMENT_HEADS.docx, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["letter.doc", DOCUMENT_HEADS.doc, "application/msword"],
    ["sheet.xls", DOCUMENT_HEADS.doc, "application/vnd.ms-excel"],
    ["notes.txt", DOCUMENT_HEADS.txt, "text/plain"],
  ] as const)("%s is a document (%s)", (name, head, mediaType) => {
    expect(sniff(head(), name)).toMatchObject({ mediaType, family: "document" });
    expect(refusal("contact_document", name, head())).toBeNull();
  });

  test("containers only count as what their name says when the content allows it", () => {
    // A zip or an OLE file called something that is not an Office document is nothing Chapter knows.
    expect(sniff(DOCUMENT_HEADS.docx(), "archive.zip")).toBeNull();
    expect(sniff(DOCUMENT_HEADS.docx(), "archive.pdf")).toBeNull();
    expect(sniff(DOCUMENT_HEADS.doc(), "thing.docx")).toBeNull();
    // Binary content is not text, whatever it is called.
    expect(sniff(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), "notes.txt")).toBeNull();
    expect(sniff(Buffer.from([0xc3, 0x28, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46]), "notes.txt")).toBeNull();
  });
});

describe("checking an upload's name against its content", () => {
  test("a text file renamed .png is refused as an image", () => {
    expect(refusal("profile_image", "notes.png", DOCUMENT_HEADS.txt())).toBe("Its content is not an image: it does not match the file's name.");
  });

  test("an mp4 renamed .png is refused as a profile image", () => {
    expect(refusal("profile_image", "clip.png", VIDEO_HEADS.mp4())).toBe("Its content is not an image: it does not match the file's name.");
  });

  test("a video is refused as a profile image even under its own name", () => {
    expect(refusal("profile_image", "clip.mp4", VIDEO_HEADS.mp4())).toBe(`A profile image must be a ${IMAGE_LIST} file.`);
  });

  test("a GIF is a fine profile image, and a PNG called .jpg is accepted as the PNG it is", async () => {
    expect(refusal("profile_image", "wave.gif", await gif())).toBeNull();
    expect(checkType("profile_image", "photo.jpg", await png())).toEqual({ mediaType: "image/png", family: "image", extension: "png" });
    expect(checkType("cover_image", "photo.jfif", await jpeg())).toMatchObject({ mediaType: "image/jpeg" });
  });

  test.each(["setup.exe", "logo.svg", "page.html", "photo", "photo.png.exe", "photo.webp"])(
    "%s is refused by its extension, with the list of accepted ones",
    async (name) => {
      expect(refusal("profile_image", name, await png())).toBe(`A profile image must be a ${IMAGE_LIST} file.`);
      expect(refusal("cover_image", name, await png())).toBe(`A cover image must be a ${IMAGE_LIST} file.`);
    },
  );

  test("extensions are compared without regard to case", async () => {
    expect(refusal("profile_image", "PHOTO.JPG", await jpeg())).toBeNull();
    expect(refusal("profile_image", "Photo.Png", await png())).toBeNull();
  });

  test("each kind accepts the extensions SPEC.md gives", () => {
    expect(acceptedExtensions("profile_image").join(", ")).toBe(IMAGE_LIST);
    expect(acceptedExtensions("post_media")).toEqual([...IMAGE_LIST.split(", "), "flv", "mp4", "m3u8", "ts", "3gp", "mov", "avi", "wmv"]);
    // A document is not a video, even among a contact's files.
    expect(refusal("contact_video", "report.pdf", DOCUMENT_HEADS.pdf())).toMatch(/^A video must be a flv, mp4, .* file\.$/);
    expect(refusal("contact_video", "report.mp4", DOCUMENT_HEADS.pdf())).toBe("Its content is not a video: it does not match the file's name.");
  });
});

describe("uploads are stored as what their content is", () => {
  test("a PNG called .jpg is stored, recorded and served as a PNG", async () => {
    const member = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "holiday.jpg", content: await png(80, 60), type: "image/jpeg" }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result.ok).toBe(true);
    const file = result.ok ? result.file! : null!;
    const row = await db.selectFrom("files").selectAll().where("id", "=", file.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ original_name: "holiday.jpg", media_type: "image/png", width: 80, height: 60 });
    expect(row.storage_key).toMatch(/\.png$/);
    const stored = await readStored(row.storage_key);
    expect((await sharp(stored).metadata()).format).toBe("png");
    expect(row.size).toBe(stored.length);

    const served = await settle(() => serveFile(routeArgs(getRequest(`/user/files/${row.token}`, member.cookie), { token: row.token })));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  test("the upload's answer names the type it was stored as", async () => {
    const member = await createSignedInMember();
    const request = uploadRequest(
      "/user/ajax/file_upload/cover_image",
      { name: "holiday.jpg", content: await png(80, 60), type: "image/jpeg" },
      {
        cookie: member.cookie,
        json: true,
      },
    );
    const response = await settle(() => uploadCover(routeArgs(request)));
    expect(response.status).toBe(200);
    const { file } = (await response.json()) as { file: { name: string; file_type: string; url: string } };
    expect(file).toMatchObject({ name: "holiday.jpg", file_type: "image/png" });
    const token = file.url.split("/").pop()!;
    const served = await settle(() => serveFile(routeArgs(getRequest(file.url, member.cookie), { token })));
    expect(served.headers.get("Content-Type")).toBe("image/png");
  });

  test("a GIF stays a GIF", async () => {
    const member = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "wave.gif", content: await gif(40, 30) }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result.ok && result.file).toMatchObject({ media_type: "image/gif", width: 40, height: 30 });
    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect((await sharp(await readStored(row.storage_key)).metadata()).format).toBe("gif");
  });

  test("a text file renamed .png and an mp4 renamed .png are refused, and nothing is stored", async () => {
    const member = await createSignedInMember();
    for (const [name, content] of [
      ["notes.png", DOCUMENT_HEADS.txt()],
      ["clip.png", VIDEO_HEADS.mp4()],
    ] as const) {
      const result = await receiveUpload(uploadRequest("/upload", { name, content }), { kind: "profile_image", ownerId: member.id });
      expect(result).toMatchObject({ ok: false, error: { name, message: "Its content is not an image: it does not match the file's name." } });
    }
    const result = await receiveUpload(uploadRequest("/upload", { name: "setup.exe", content: await png() }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result).toMatchObject({ ok: false, error: { name: "setup.exe", message: `A profile image must be a ${IMAGE_LIST} file.` } });
    expect(await db.selectFrom("files").selectAll().execute()).toEqual([]);
  });
});

describe("still images in video containers", () => {
  test("HEIC and AVIF (an ftyp box with an image brand) are not taken for mp4 videos", () => {
    for (const brand of ["heic", "mif1", "avif"]) {
      const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(16)]);
      expect(sniff(head, "clip.mp4")).toBeNull();
    }
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(16)]);
    expect(sniff(mp4, "clip.mp4")?.mediaType).toBe("video/mp4");
  });
});
