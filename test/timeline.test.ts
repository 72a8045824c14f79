import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { canSubmitPost } from "~/features/timeline/post-button";
import { PAGE_SIZE } from "~/features/timeline/posts.server";
import { EMPTY_POST_MESSAGE } from "~/features/timeline/constants";
import type { PostPrivacy } from "~/lib/db-schema";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { storage } from "~/lib/storage.server";
import { loader as postJsonLoader } from "~/routes/spec/user.ajax.post.post_id.$postId";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { loader as memberLoader } from "~/routes/social/user.members.$memberId";
import { action as deleteCommentAlias } from "~/routes/spec/user.post.comment.delete";
import { action as deletePostAlias } from "~/routes/spec/user.post.delete";
import { loader as timelineLoader } from "~/routes/timeline/user.timeline";
import { action as editAction, loader as editLoader } from "~/routes/timeline/user.timeline.post.$postId.edit";
import { action as newAction, loader as newLoader } from "~/routes/timeline/user.timeline.post.new";
import { loader as postLoader } from "~/routes/timeline/user.timeline_.post.$postId";
import { action as commentAction } from "~/routes/timeline/user.timeline_.post.$postId.comment";
import { action as deleteCommentAction, loader as confirmCommentLoader } from "~/routes/timeline/user.timeline_.post.$postId.comments.$commentId.delete";
import { action as deletePostAction, loader as confirmPostLoader } from "~/routes/timeline/user.timeline_.post.$postId.delete";
import { action as uploadAction } from "~/routes/spec/user.upload_post_file";
import { action as deleteUploadAction } from "~/routes/spec/user.upload_post_file.delete";
import { png, uploadRequest, VIDEO_HEADS } from "./fixtures/files";
import { BASE, befriend, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

/** Uploads one file as the post form's script does (JSON); returns the answer. */
async function uploadFile(member: TestMember, name = "photo.png", content?: Buffer, type = "image/png") {
  const request = uploadRequest(
    "/user/upload_post_file",
    { name, content: content ?? (await png()), type },
    { cookie: member.cookie, json: true, fields: { csrf: "x" } },
  );
  return settle(() => uploadAction(routeArgs(request)));
}

async function uploadedName(member: TestMember, name = "photo.png") {
  const response = await uploadFile(member, name);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { file: { name: string; thumbnailUrl: string } };
  return body.file.name;
}

/** The post form as a browser sends it: multipart, with files (no JS) or names (JS). */
function postForm(
  path: string,
  member: TestMember,
  fields: { message?: string; privacy?: string; files?: string[]; keep?: number[] },
  attachments: { name: string; content: Buffer; type: string }[] = [],
) {
  const body = new FormData();
  body.append("csrf", "x");
  if (fields.message !== undefined) body.append("message", fields.message);
  if (fields.privacy !== undefined) body.append("privacy", fields.privacy);
  for (const name of fields.files ?? []) body.append("files[]", name);
  for (const id of fields.keep ?? []) body.append("not_deleted_files[]", String(id));
  for (const file of attachments) body.append("attachments", new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  if (attachments.length === 0) body.append("attachments", new Blob([], { type: "application/octet-stream" }), "");
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { Cookie: member.cookie } });
}

async function createPost(
  member: TestMember,
  fields: { message?: string; privacy?: string; files?: string[] },
  attachments: { name: string; content: Buffer; type: string }[] = [],
) {
  const response = await settle(() => newAction(routeArgs(postForm("/user/timeline/post/new", member, fields, attachments))));
  expect(response.status, await response.clone().text()).toBe(302);
  const post = await db.selectFrom("posts").select("id").where("author_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  return post.id;
}

/** A post row straight into the table (for lists and pages). */
async function insertPost(member: TestMember, privacy: PostPrivacy, message = `A ${privacy} post`) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("posts")
    .values({ author_id: member.id, message, privacy, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function timeline(member: TestMember, query = "") {
  const response = await settle(() => timelineLoader(routeArgs(getRequest(`/user/timeline${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    posts: {
      id: number;
      message: string;
      files: { url: string; thumbnailUrl: string | null; name: string; id: number }[];
      commentCount: number;
      comments: { id: number; message: string; canDelete: boolean }[];
    }[];
    nextBefore: number | null;
  };
}

const postPage = (member: TestMember, id: number | string) =>
  settle(() => postLoader(routeArgs(getRequest(`/user/timeline/post/${id}`, member.cookie), { postId: String(id) })));
const postJson = (member: TestMember, id: number | string) =>
  settle(() => postJsonLoader(routeArgs(getRequest(`/user/ajax/post/post_id/${id}`, member.cookie), { postId: String(id) })));
const comment = (member: TestMember, id: number, message: string) =>
  settle(() => commentAction(routeArgs(postRequest(`/user/timeline/post/${id}/comment`, { csrf: "x", message }, member.cookie), { postId: String(id) })));
function serve(member: TestMember, url: string) {
  const token = /\/user\/files\/([^?]+)/.exec(url)![1];
  return settle(() => serveFile(routeArgs(getRequest(url, member.cookie), { token })));
}
async function onDisk(token: string) {
  const file = await db.selectFrom("files").selectAll().where("token", "=", token).executeTakeFirst();
  return file ? (await storage().size(file.storage_key)) !== null : false;
}

describe("who sees a post", () => {
  test("own, friend and other member × public, friends-only and only-me: list, page, JSON, files, comments, member page", async () => {
    const author = await createSignedInMember({ name: "Ada Author" });
    const friend = await createSignedInMember({ name: "Fran Friend" });
    const stranger = await createSignedInMember({ name: "Stan Stranger" });
    const asker = await createSignedInMember({ name: "Pat Pending" });
    await befriend(friend, author);
    await befriend(asker, author, "pending");

    const ids: Record<PostPrivacy, number> = { public: 0, friends: 0, private: 0 };
    for (const privacy of ["public", "friends", "private"] as const) {
      ids[privacy] = await createPost(author, { message: `A ${privacy} post`, privacy }, [{ name: `${privacy}.png`, content: await png(), type: "image/png" }]);
    }
    const sees: [TestMember, PostPrivacy[]][] = [
      [author, ["public", "friends", "private"]],
      [friend, ["public", "friends"]],
      [stranger, ["public"]],
      [asker, ["public"]],
    ];
    const authorFiles = Object.fromEntries((await timeline(author)).posts.map((post) => [post.id, post.files[0]]));

    for (const [viewer, visible] of sees) {
      const listed = (await timeline(viewer)).posts.map((post) => post.message);
      expect(listed, viewer.name).toEqual([...visible].reverse().map((privacy) => `A ${privacy} post`));
      const member = await settle(() => memberLoader(routeArgs(getRequest(`/user/members/${author.id}`, viewer.cookie), { memberId: String(author.id) })));
      expect(member.status).toBe(200);
      expect(((await member.json()) as { posts: { message: string }[] }).posts.map((post) => post.message)).toEqual(listed);

      for (const privacy of ["public", "friends", "private"] as const) {
        const allowed = visible.includes(privacy);
        const expected = allowed ? 200 : 404;
        const label = `${viewer.name} / ${privacy}`;
        expect((await postPage(viewer, ids[privacy])).status, label).toBe(expected);
        const json = await postJson(viewer, ids[privacy]);
        expect(json.status, label).toBe(expected);
        if (allowed) {
          const body = await json.json();
          expect(body).toMatchObject({ id: ids[privacy], content: `A ${privacy} post`, type: "image", privacy });
          expect(body.post_files).toHaveLength(1);
          expect(body.post_files[0]).toMatchObject({ id: authorFiles[ids[privacy]].id, file_type: "image" });
        }
        const file = authorFiles[ids[privacy]];
        expect((await serve(viewer, file.url)).status, label).toBe(expected);
        expect((await serve(viewer, file.thumbnailUrl!)).status, label).toBe(expected);
        const commented = await comment(viewer, ids[privacy], `Hello from ${viewer.name}`);
        expect(commented.status, label).toBe(allowed ? 302 : 404);
      }
    }
    // Comments were only added where the commenter could see the post.
    const rows = await db.selectFrom("comments").select(["post_id", "author_id"]).execute();
    expect(rows.filter((row) => row.post_id === ids.private).map((row) => row.author_id)).toEqual([author.id]);
    expect(
      rows
        .filter((row) => row.post_id === ids.friends)
        .map((row) => row.author_id)
        .sort(),
    ).toEqual([author.id, friend.id].sort());
    expect(rows.filter((row) => row.post_id === ids.public)).toHaveLength(4);

    // A friendship in either direction counts; a disabled author's posts disappear.
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", author.id).execute();
    expect((await timeline(friend)).posts).toEqual([]);
    expect((await postPage(friend, ids.public)).status).toBe(404);
    expect((await serve(friend, authorFiles[ids.public].url)).status).toBe(404);
  });

  test("nonsense ids and missing posts are 404, never 500", async () => {
    const member = await createSignedInMember();
    for (const id of ["0", "abc", "99999999", "1e3", "-1"]) {
      expect((await postPage(member, id)).status, id).toBe(404);
      expect((await postJson(member, id)).status, id).toBe(404);
    }
    const missing = await settle(() => memberLoader(routeArgs(getRequest("/user/members/x", member.cookie), { memberId: "x" })));
    expect(missing.status).toBe(404);
  });

  test("an upload not yet in a post is its uploader's alone", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const response = await uploadFile(member);
    const body = await response.json();
    expect(body).toMatchObject({ type: "success", file: { file_type: "image", original_name: "photo.png" } });
    expect(body.file.thumbnailUrl).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
    expect((await serve(member, body.file.thumbnailUrl)).status).toBe(200);
    expect((await serve(other, body.file.thumbnailUrl)).status).toBe(404);
    expect((await serve(other, body.file.url)).status).toBe(404);
  });
});

describe("writing posts", () => {
  test("without JS: message, privacy and several files in one form; with JS: files uploaded first and named in files[]", async () => {
    const member = await createSignedInMember();
    const form = await settle(() => newLoader(routeArgs(getRequest("/user/timeline/post/new", member.cookie))));
    expect(form.status).toBe(200);
    expect((await form.json()).upload.accept).toContain(".mp4");

    const image = await png();
    const response = await settle(() =>
      newAction(
        routeArgs(
          postForm("/user/timeline/post/new", member, { message: "Line one\nLine <b>two</b>", privacy: "friends" }, [
            { name: "a.png", content: image, type: "image/png" },
            { name: "pitch.mp4", content: VIDEO_HEADS.mp4(), type: "video/mp4" },
          ]),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/user\/timeline#post-\d+$/);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Post shared." });
    const [post] = (await timeline(member)).posts;
    expect(post.message).toBe("Line one\nLine <b>two</b>");
    expect(post.files.map((file) => file.name)).toEqual(["a.png", "pitch.mp4"]);

    const names = [await uploadedName(member, "one.png"), await uploadedName(member, "two.png")];
    const withJs = await createPost(member, { message: "", privacy: "public", files: names });
    const json = await (await postJson(member, withJs)).json();
    expect(json.content).toBe("");
    expect(json.post_files.map((file: { filename: string }) => file.filename)).toEqual(names);
    // A name cannot be claimed twice.
    const again = await settle(() => newAction(routeArgs(postForm("/user/timeline/post/new", member, { privacy: "public", files: names }))));
    expect(again.status).toBe(400);
    expect(await replyErrors(again)).toEqual({ "": [EMPTY_POST_MESSAGE] });
  });

  test("validation: neither text nor files, a wrong privacy, a refused file, another member's upload", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const send = (fields: Parameters<typeof postForm>[2], attachments: Parameters<typeof postForm>[3] = [], who = member) =>
      settle(() => newAction(routeArgs(postForm("/user/timeline/post/new", who, fields, attachments))));

    const empty = await send({ message: "   ", privacy: "public" });
    expect(empty.status).toBe(400);
    expect(await replyErrors(empty)).toEqual({ "": [EMPTY_POST_MESSAGE] });

    const privacy = await send({ message: "Hi", privacy: "everyone" });
    expect(privacy.status).toBe(400);
    expect(await replyErrors(privacy)).toEqual({ privacy: ["Choose who may see the post."] });

    // One refused file refuses the form; the good one sent with it is not kept.
    const good = await png();
    const refused = await send({ message: "Hi", privacy: "public" }, [
      { name: "good.png", content: good, type: "image/png" },
      { name: "notes.txt", content: Buffer.from("hello"), type: "text/plain" },
      { name: "after.png", content: good, type: "image/png" },
    ]);
    expect(refused.status).toBe(400);
    expect((await replyErrors(refused))[""][0]).toMatch(/^Upload error: notes\.txt: /);
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", member.id).execute()).toEqual([]);

    const theirs = await uploadedName(other);
    const stolen = await send({ message: "", privacy: "public", files: [theirs] });
    expect(stolen.status).toBe(400);
    expect(await db.selectFrom("posts").select("id").execute()).toEqual([]);

    const failed = await uploadFile(member, "fake.png", Buffer.from("not an image"));
    expect(failed.status).toBe(400);
    expect(await failed.json()).toMatchObject({ type: "error", name: "fake.png" });
  });

  test("edit keeps one file, adds one and deletes the removed one from disk; only the author", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await befriend(member, other);
    const id = await createPost(member, { message: "Two photos", privacy: "public" }, [
      { name: "keep.png", content: await png(), type: "image/png" },
      { name: "drop.png", content: await png(10, 10), type: "image/png" },
    ]);
    const before = (await timeline(member)).posts[0].files;
    const [keep, drop] = before;

    const edit = await settle(() =>
      editLoader(routeArgs(getRequest(`/user/timeline/post/${id}/edit?back=/user/members/${member.id}`, member.cookie), { postId: String(id) })),
    );
    expect(edit.status).toBe(200);
    const editData = await edit.json();
    expect(editData.existing.map((file: { name: string }) => file.name)).toEqual(["keep.png", "drop.png"]);
    expect(editData.back).toBe(`/user/members/${member.id}`);

    // Another member (a friend, who sees the post) can neither open nor send the edit.
    expect((await settle(() => editLoader(routeArgs(getRequest(`/user/timeline/post/${id}/edit`, other.cookie), { postId: String(id) })))).status).toBe(404);
    const hijack = await settle(() =>
      editAction(routeArgs(postForm(`/user/timeline/post/${id}/edit`, other, { message: "Mine now", privacy: "public" }), { postId: String(id) })),
    );
    expect(hijack.status).toBe(404);

    const added = await uploadedName(member, "new.png");
    const dropToken = drop.url.split("/").pop()!;
    expect(await onDisk(dropToken)).toBe(true);
    const saved = await settle(() =>
      editAction(
        routeArgs(
          postForm(`/user/timeline/post/${id}/edit?back=/user/timeline`, member, {
            message: "One kept, one new",
            privacy: "friends",
            keep: [keep.id],
            files: [added],
          }),
          {
            postId: String(id),
          },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/user/timeline#post-${id}`);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Post updated." });
    const after = (await timeline(member)).posts[0];
    expect(after.message).toBe("One kept, one new");
    expect(after.files.map((file) => file.name)).toEqual(["keep.png", "new.png"]);
    expect(await onDisk(dropToken)).toBe(false);
    expect((await serve(member, drop.url)).status).toBe(404);
    expect(await onDisk(keep.url.split("/").pop()!)).toBe(true);

    // Without JS the same form sends a new file along; removing everything and the text is refused.
    const thirdImage = await png();
    const noJs = await settle(() =>
      editAction(
        routeArgs(
          postForm(`/user/timeline/post/${id}/edit`, member, { message: "", privacy: "public", keep: [keep.id] }, [
            { name: "third.png", content: thirdImage, type: "image/png" },
          ]),
          {
            postId: String(id),
          },
        ),
      ),
    );
    expect(noJs.status).toBe(302);
    expect(noJs.headers.get("Location")).toBe(`/user/timeline/post/${id}#post-${id}`);
    expect((await timeline(member)).posts[0].files.map((file) => file.name)).toEqual(["keep.png", "third.png"]);
    const nothing = await settle(() =>
      editAction(routeArgs(postForm(`/user/timeline/post/${id}/edit`, member, { message: "", privacy: "public" }), { postId: String(id) })),
    );
    expect(nothing.status).toBe(400);
  });

  test("upload_post_file/delete removes the uploader's unattached files only; stale uploads are cleaned up", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const remove = (who: TestMember, filename: string) =>
      settle(() => deleteUploadAction(routeArgs(postRequest("/user/upload_post_file/delete", { csrf: "x", filename }, who.cookie))));

    const name = await uploadedName(member);
    expect((await remove(other, name)).status).toBe(404);
    expect(await onDisk(name)).toBe(true);
    expect((await remove(member, name)).status).toBe(302);
    expect(await onDisk(name)).toBe(false);
    expect((await remove(member, "nonsense")).status).toBe(404);

    const attached = await uploadedName(member);
    await createPost(member, { message: "", privacy: "public", files: [attached] });
    expect((await remove(member, attached)).status).toBe(404);
    expect(await onDisk(attached)).toBe(true);

    // An upload left behind for more than a day goes when the member posts again.
    const stale = await uploadedName(member, "stale.png");
    const fresh = await uploadedName(member, "fresh.png");
    await db
      .updateTable("files")
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where("token", "=", stale)
      .execute();
    await createPost(member, { message: "Again", privacy: "public" });
    expect(await onDisk(stale)).toBe(false);
    expect(await onDisk(fresh)).toBe(true);
  });
});

describe("comments", () => {
  test("added oldest first with a count; deleted by their author or the post's author, by nobody else", async () => {
    const author = await createSignedInMember({ name: "Post Author" });
    const commenter = await createSignedInMember({ name: "Com Menter" });
    const third = await createSignedInMember({ name: "Third Party" });
    const id = await insertPost(author, "public");

    const first = await comment(commenter, id, "First!");
    expect(first.status).toBe(302);
    expect(await flashOf(first)).toEqual({ type: "success", message: "Comment added." });
    await comment(author, id, "Thanks");
    await comment(commenter, id, "Second comment");
    const blank = await comment(commenter, id, "   ");
    expect(await flashOf(blank)).toEqual({ type: "error", message: "Write a comment first." });

    // The post's author hears about the others' comments (not their own).
    const told = await db.selectFrom("notifications").select(["member_id", "kind", "message", "link_url"]).execute();
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({ member_id: author.id, kind: "post_comment", message: "Com Menter commented on your post." });
    expect(told[0].link_url).toMatch(new RegExp(`^/user/timeline/post/${id}#comment-\\d+$`));

    const page = await (await postPage(third, id)).json();
    expect(page.post.commentCount).toBe(3);
    expect(page.post.comments.map((each: { message: string }) => each.message)).toEqual(["First!", "Thanks", "Second comment"]);
    expect(page.post.comments.map((each: { canDelete: boolean }) => each.canDelete)).toEqual([false, false, false]);
    const [c1, c2, c3] = page.post.comments.map((each: { id: number }) => each.id);

    const confirm = (who: TestMember, commentId: number) =>
      settle(() =>
        confirmCommentLoader(
          routeArgs(getRequest(`/user/timeline/post/${id}/comments/${commentId}/delete`, who.cookie), { postId: String(id), commentId: String(commentId) }),
        ),
      );
    const remove = (who: TestMember, commentId: number, postId = id) =>
      settle(() =>
        deleteCommentAction(
          routeArgs(postRequest(`/user/timeline/post/${postId}/comments/${commentId}/delete`, { csrf: "x" }, who.cookie), {
            postId: String(postId),
            commentId: String(commentId),
          }),
        ),
      );

    // Nobody else: 404 on the confirmation, the deletion and the SPEC alias.
    expect((await confirm(third, c1)).status).toBe(404);
    expect((await remove(third, c1)).status).toBe(404);
    expect(
      (await settle(() => deleteCommentAlias(routeArgs(postRequest("/user/post/comment/delete", { csrf: "x", comment_id: String(c1) }, third.cookie))))).status,
    ).toBe(404);
    // The commenter cannot delete the post author's comment on it.
    expect((await remove(commenter, c2)).status).toBe(404);

    expect((await confirm(commenter, c1)).status).toBe(200);
    const byCommenter = await remove(commenter, c1);
    expect(byCommenter.status).toBe(302);
    expect(await flashOf(byCommenter)).toEqual({ type: "success", message: "Comment deleted." });
    const byPostAuthor = await settle(() =>
      deleteCommentAlias(
        routeArgs(
          new Request(`${BASE}/user/post/comment/delete`, {
            method: "POST",
            body: new URLSearchParams({ comment_id: String(c3) }),
            headers: { Cookie: author.cookie, Accept: "application/json" },
          }),
        ),
      ),
    );
    expect(byPostAuthor.status).toBe(200);
    expect(await byPostAuthor.json()).toMatchObject({ type: "success", html: expect.stringContaining("1 comment") });
    const left = await (await postPage(author, id)).json();
    expect(left.post.comments.map((each: { id: number }) => each.id)).toEqual([c2]);

    // A comment id under another post's address is not found.
    const elsewhere = await insertPost(author, "public");
    expect((await remove(author, c2, elsewhere)).status).toBe(404);
  });

  test("deleting a comment returns to where its dialog was opened (?back=, a /user path only), at the post", async () => {
    const author = await createSignedInMember();
    const id = await insertPost(author, "public");
    await comment(author, id, "One");
    await comment(author, id, "Two");
    const [c1, c2] = (await (await postPage(author, id)).json()).post.comments.map((each: { id: number }) => each.id);
    const path = (commentId: number, back?: string) =>
      `/user/timeline/post/${id}/comments/${commentId}/delete${back === undefined ? "" : `?${new URLSearchParams({ back })}`}`;
    const params = (commentId: number) => ({ postId: String(id), commentId: String(commentId) });
    const cancelOf = async (back?: string) =>
      ((await (await settle(() => confirmCommentLoader(routeArgs(getRequest(path(c1, back), author.cookie), params(c1))))).json()) as { back: string }).back;

    // Cancel: the timeline (or a member's page, with its query) at the post; else the post's page.
    expect(await cancelOf("/user/timeline")).toBe(`/user/timeline#post-${id}`);
    expect(await cancelOf(`/user/members/${author.id}?before=99`)).toBe(`/user/members/${author.id}?before=99#post-${id}`);
    expect(await cancelOf()).toBe(`/user/timeline/post/${id}#post-${id}`);
    for (const outside of [
      "https://evil.example/user/timeline",
      "//evil.example/user",
      "/\\evil.example/user",
      "/signout",
      "/user/../signout",
      "/users",
      "user/timeline",
      "javascript:alert(1)",
    ]) {
      expect(await cancelOf(outside), outside).toBe(`/user/timeline/post/${id}#post-${id}`);
    }

    // After deleting: the same place.
    const fromTimeline = await settle(() => deleteCommentAction(routeArgs(postRequest(path(c1, "/user/timeline"), { csrf: "x" }, author.cookie), params(c1))));
    expect(fromTimeline.status).toBe(302);
    expect(fromTimeline.headers.get("Location")).toBe(`/user/timeline#post-${id}`);
    expect(await flashOf(fromTimeline)).toEqual({ type: "success", message: "Comment deleted." });
    const refused = await settle(() => deleteCommentAction(routeArgs(postRequest(path(c2, "//evil.example/"), { csrf: "x" }, author.cookie), params(c2))));
    expect(refused.headers.get("Location")).toBe(`/user/timeline/post/${id}#post-${id}`);
    expect((await (await postPage(author, id)).json()).post.commentCount).toBe(0);
  });

  test("the timeline shows the last three comments and the count", async () => {
    const member = await createSignedInMember();
    const id = await insertPost(member, "public");
    for (let n = 1; n <= 5; n++) await comment(member, id, `Comment ${n}`);
    const [post] = (await timeline(member)).posts;
    expect(post.commentCount).toBe(5);
    expect(post.comments.map((each) => each.message)).toEqual(["Comment 3", "Comment 4", "Comment 5"]);
    expect((await (await postPage(member, id)).json()).post.comments).toHaveLength(5);
  });

  // A post with more than 20 comments has only its last three read; up to 20, all are.
  test("each post of a page keeps its own last three comments and its own count", async () => {
    const member = await createSignedInMember();
    const [quiet, few, many] = [await insertPost(member, "public"), await insertPost(member, "public"), await insertPost(member, "public")];
    for (let n = 1; n <= 2; n++) await comment(member, few, `Few ${n}`);
    for (let n = 1; n <= 25; n++) await comment(member, many, `Many ${n}`);
    const posts = (await timeline(member)).posts.map((each) => ({ id: each.id, count: each.commentCount, shown: each.comments.map((c) => c.message) }));
    expect(posts).toEqual([
      { id: many, count: 25, shown: ["Many 23", "Many 24", "Many 25"] },
      { id: few, count: 2, shown: ["Few 1", "Few 2"] },
      { id: quiet, count: 0, shown: [] },
    ]);
  });
});

describe("deleting posts", () => {
  test("asks first, then deletes the post, its comments and its files; nobody else can", async () => {
    const author = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await createPost(author, { message: "Bye", privacy: "public" }, [{ name: "a.png", content: await png(), type: "image/png" }]);
    await comment(other, id, "Nice");
    const [file] = (await timeline(author)).posts[0].files;
    const token = file.url.split("/").pop()!;

    const confirm = (who: TestMember) =>
      settle(() => confirmPostLoader(routeArgs(getRequest(`/user/timeline/post/${id}/delete`, who.cookie), { postId: String(id) })));
    const remove = (who: TestMember, back = "") =>
      settle(() => deletePostAction(routeArgs(postRequest(`/user/timeline/post/${id}/delete${back}`, { csrf: "x" }, who.cookie), { postId: String(id) })));
    expect((await confirm(other)).status).toBe(404);
    expect((await remove(other)).status).toBe(404);
    expect((await settle(() => deletePostAlias(routeArgs(postRequest("/user/post/delete", { csrf: "x", post_id: String(id) }, other.cookie))))).status).toBe(
      404,
    );
    expect((await confirm(author)).status).toBe(200);
    // Cancel goes back where the dialog was opened, at the post.
    expect(((await (await confirm(author)).json()) as { cancelTo: string }).cancelTo).toBe(`/user/timeline/post/${id}#post-${id}`);
    const fromTimeline = await settle(() =>
      confirmPostLoader(routeArgs(getRequest(`/user/timeline/post/${id}/delete?back=/user/timeline`, author.cookie), { postId: String(id) })),
    );
    expect(((await fromTimeline.json()) as { cancelTo: string }).cancelTo).toBe(`/user/timeline#post-${id}`);

    const deleted = await remove(author, `?back=${encodeURIComponent(`/user/members/${author.id}`)}`);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/user/members/${author.id}`);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Post deleted." });
    expect(await db.selectFrom("comments").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("post_files").select("file_id").execute()).toEqual([]);
    expect(await onDisk(token)).toBe(false);
    expect((await postPage(author, id)).status).toBe(404);

    const second = await insertPost(author, "private");
    const alias = await settle(() => deletePostAlias(routeArgs(postRequest("/user/post/delete", { csrf: "x", post_id: String(second) }, author.cookie))));
    expect(alias.status).toBe(302);
    expect(await db.selectFrom("posts").select("id").execute()).toEqual([]);
  });
});

describe("pages of posts", () => {
  test("newest first, PAGE_SIZE at a time, ?before=<id> for the next page", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const total = PAGE_SIZE * 2 + 5;
    const ids: number[] = [];
    for (let n = 0; n < total; n++) ids.push(await insertPost(n % 2 ? member : other, n % 7 === 0 ? "private" : "public", `Post ${n}`));
    const visible = ids.filter((_, n) => n % 7 !== 0 || n % 2 === 1).reverse();

    const seen: number[] = [];
    let query = "";
    for (;;) {
      const page = await timeline(member, query);
      expect(page.posts.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...page.posts.map((post) => post.id));
      if (!page.nextBefore) break;
      query = `?before=${page.nextBefore}`;
    }
    expect(seen).toEqual(visible);
    expect((await timeline(member, "?before=garbage")).posts.map((post) => post.id)).toEqual(visible.slice(0, PAGE_SIZE));
  });
});

describe("the Post button", () => {
  test("enabled when the message has text or every attachment is uploaded, never while one uploads", () => {
    expect(canSubmitPost({ message: "", attachments: [] })).toBe(false);
    expect(canSubmitPost({ message: "  \n ", attachments: [] })).toBe(false);
    expect(canSubmitPost({ message: "Hello", attachments: [] })).toBe(true);
    expect(canSubmitPost({ message: "", attachments: ["uploaded"] })).toBe(true);
    expect(canSubmitPost({ message: "", attachments: ["uploaded", "uploading"] })).toBe(false);
    expect(canSubmitPost({ message: "Hello", attachments: ["uploading"] })).toBe(false);
    expect(canSubmitPost({ message: "", attachments: [], kept: 1 })).toBe(true);
    expect(canSubmitPost({ message: "", attachments: [], kept: 0 })).toBe(false);
  });
});
