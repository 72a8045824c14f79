import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { FORM_TEXT_FIELD_MAX_BYTES } from "~/lib/uploads.server";
import { action as addContactAction } from "~/routes/contacts/user.contacts.add";
import { action as editContactAction } from "~/routes/contacts/user.contacts.edit.$contactId";
import { action as createEventAction } from "~/routes/events/user.events.create";
import { action as newPostAction } from "~/routes/timeline/user.timeline.post.new";
import { png, uploadRequest } from "./fixtures/files";
import { contactOf, createSignedInMember, day, postRequest, replyErrors, routeArgs, settle } from "./helpers";

// A field far longer than any form allows (100,000 bytes and more) once made the whole
// multipart form unreadable: "Name is required." plus an upload error, and every field came
// back empty. Now the form's own rule names the field, and what was typed comes back.

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

const LONG = "a".repeat(100_001);

async function reply(response: Response) {
  const body = (await response.clone().json()) as { result: { initialValue: Record<string, unknown> } };
  return { errors: await replyErrors(response), values: body.result.initialValue };
}

describe("a field over 100,000 bytes", () => {
  test("in the add-contact form with an image: the name is too long, the other fields and the image field are fine", async () => {
    const member = await createSignedInMember();
    const request = uploadRequest(
      "/user/contacts/add",
      { name: "face.png", content: await png(), type: "image/png" },
      { cookie: member.cookie, field: "image", fields: { csrf: "x", intent: "save", name: LONG, email: "grace@example.com", meet_place: "Paris" } },
    );
    const response = await settle(() => addContactAction(routeArgs(request)));
    expect(response.status).toBe(400);
    const { errors, values } = await reply(response);
    expect(errors).toEqual({ name: ["Use at most 120 characters."] });
    expect(values).toMatchObject({ name: LONG, email: "grace@example.com", meet_place: "Paris" });
    expect(await db.selectFrom("contacts").select("id").where("owner_id", "=", member.id).execute()).toHaveLength(0);
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", member.id).execute()).toHaveLength(0);
  });

  test("without a file, multipart or not, and far beyond the limit: the field is named and the rest kept", async () => {
    const member = await createSignedInMember();
    const multipart = uploadRequest("/user/contacts/add", null, {
      cookie: member.cookie,
      field: "image",
      fields: { csrf: "x", intent: "save", name: "Grace Hopper", occupation: "b".repeat(3 * FORM_TEXT_FIELD_MAX_BYTES), meet_place: "Paris" },
    });
    const response = await settle(() => addContactAction(routeArgs(multipart)));
    expect(response.status).toBe(400);
    const { errors, values } = await reply(response);
    expect(errors).toEqual({ occupation: ["Use at most 120 characters."] });
    expect(values).toMatchObject({ name: "Grace Hopper", meet_place: "Paris" });
    // The first megabyte of it comes back, not three.
    expect(String(values.occupation)).toHaveLength(FORM_TEXT_FIELD_MAX_BYTES);

    const contactId = await contactOf(member);
    const urlEncoded = postRequest(`/user/contacts/edit/${contactId}`, { csrf: "x", intent: "save", name: "Grace", meet_place: LONG }, member.cookie);
    const edited = await settle(() => editContactAction(routeArgs(urlEncoded, { contactId: String(contactId) })));
    expect(edited.status).toBe(400);
    expect((await reply(edited)).errors).toEqual({ meet_place: ["Use at most 120 characters."] });
  });

  test("in the event form (one optional image) and the post form (several files)", async () => {
    const member = await createSignedInMember();
    const event = uploadRequest("/user/events/create", null, {
      cookie: member.cookie,
      field: "image",
      fields: {
        csrf: "x",
        intent: "save",
        title: "Founders' dinner",
        description: LONG,
        start_date: day(10),
        start_time: "19:00",
        end_date: day(10),
        end_time: "22:00",
        time_zone: "Europe/Paris",
      },
    });
    const eventResponse = await settle(() => createEventAction(routeArgs(event)));
    expect(eventResponse.status).toBe(400);
    const eventReply = await reply(eventResponse);
    expect(eventReply.errors).toEqual({ description: ["Use at most 5000 characters."] });
    expect(eventReply.values).toMatchObject({ title: "Founders' dinner", time_zone: "Europe/Paris" });

    const post = uploadRequest(
      "/user/timeline/post/new",
      { name: "photo.png", content: await png(), type: "image/png" },
      {
        cookie: member.cookie,
        field: "attachments",
        fields: { csrf: "x", message: LONG, privacy: "friends" },
      },
    );
    const postResponse = await settle(() => newPostAction(routeArgs(post)));
    expect(postResponse.status).toBe(400);
    const postReply = await reply(postResponse);
    expect(postReply.errors).toEqual({ message: ["Use at most 5000 characters."] });
    expect(postReply.values).toMatchObject({ privacy: "friends" });
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", member.id).execute()).toHaveLength(0);
  });
});
