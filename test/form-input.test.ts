import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { action as sendAction } from "~/routes/social/user.chat.$memberId";
import { loader as liveLoader } from "~/routes/shell/user.live";
import { action as checkEmail } from "~/routes/spec/user.ajax.check_contact_and_invite";
import { action as checkPhone } from "~/routes/spec/user.ajax.check_contact_and_invite_to_phone";
import { loader as cities } from "~/routes/spec/user.ajax.get-city-by-regionId";
import { loader as provinces } from "~/routes/spec/user.ajax.get-province-by-countryId";
import { loader as purchaseDialog } from "~/routes/spec/user.event.payment_form";
import { action as inviteAbout } from "~/routes/spec/user.invite_about";
import { action as uploadAction } from "~/routes/spec/user.upload_post_file";
import { loader as searchCall } from "~/routes/spec/search_contacts";
import { loader as journalCall } from "~/routes/spec/user.calendercd.showtaskreviewbeforeprintjournal";
import { loader as searchPage } from "~/routes/social/user.search";
import { action as newPostAction } from "~/routes/timeline/user.timeline.post.new";
import { action as editPostAction } from "~/routes/timeline/user.timeline.post.$postId.edit";
import { createEvent } from "./event-fixtures";
import { png, uploadRequest } from "./fixtures/files";
import { BASE, befriend, contactOf, createSignedInMember, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

// Forms and query strings read by hand used to take whatever came; each is read with its zod
// schema now, and what it cannot read is a 400 with a clear message, never a 500.

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

/** A form with a file where text belongs (what a crafted multipart post can send). */
function formWithFile(path: string, member: TestMember, fields: Record<string, string>, fileField: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(fileField, new Blob(["x"], { type: "text/plain" }), "x.txt");
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { Cookie: member.cookie } });
}

describe("the contact form's live checks", () => {
  test("a file where the e-mail or country belongs is a 400 with its message", async () => {
    const member = await createSignedInMember();
    const email = await settle(() => checkEmail(routeArgs(formWithFile("/user/ajax/check_contact_and_invite", member, {}, "email"))));
    expect(email.status).toBe(400);
    expect(await email.text()).toBe("Send the e-mail address as text.");
    const country = await settle(() =>
      checkPhone(routeArgs(formWithFile("/user/ajax/check_contact_and_invite_to_phone", member, { phone: "+14165550199" }, "country"))),
    );
    expect(country.status).toBe(400);
    expect(await country.text()).toBe("Choose a country from the list.");
  });

  test("blank, free and taken answers are unchanged", async () => {
    const member = await createSignedInMember();
    await contactOf(member, { name: "Olga Owner", email: "olga@example.com" });
    const ask = async (check: typeof checkEmail, fields: Record<string, string>) => {
      const response = await settle(() => check(routeArgs(postRequest("/user/ajax/check", fields, member.cookie))));
      expect(response.status).toBe(200);
      return response.text();
    };
    expect(await ask(checkEmail, { email: "  " })).toBe("");
    expect(await ask(checkEmail, { email: " OLGA@example.com " })).toBe("You already have a contact with this e-mail: Olga Owner.");
    expect(await ask(checkEmail, { email: "olga@example.com", contact_id: "not-a-number" })).toBe("You already have a contact with this e-mail: Olga Owner.");
    expect(await ask(checkPhone, { phone: "" })).toBe("");
    expect(await ask(checkPhone, { phone: "12" })).toBe("Please provide a valid phone number.");
    expect(await ask(checkPhone, { phone: "416 555 0199", country: "CA" })).toBe("");
  });
});

describe("/user/invite_about", () => {
  test("a name or e-mail too long, or a file, is a 400 with its message", async () => {
    const owner = await createSignedInMember();
    const id = String(await contactOf(owner));
    const long = await settle(() =>
      inviteAbout(routeArgs(postRequest("/user/invite_about", { contact_id: id, contact_email: `${"a".repeat(250)}@example.com` }, owner.cookie))),
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toBe("Use at most 254 characters.");
    const file = await settle(() => inviteAbout(routeArgs(formWithFile("/user/invite_about", owner, {}, "contact_id"))));
    expect(file.status).toBe(400);
    expect(await file.text()).toBe("contact_id is a contact's id.");
  });

  test("blank fields leave the dialog's own defaults", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const response = await settle(() =>
      inviteAbout(routeArgs(postRequest("/user/invite_about", { contact_id: String(id), contact_name: " ", contact_email: "" }, owner.cookie))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/contacts/${id}/invite?back=${encodeURIComponent(`/user/profile?cicid=${id}`)}`);
  });
});

describe("the e-mail check's ?for=", () => {
  test("for=invite counts a member's address, no for leaves it free, anything else is a 400", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const ask = (query: string) =>
      settle(() => checkEmail(routeArgs(postRequest(`/user/ajax/check_contact_and_invite${query}`, { email: other.email.toUpperCase() }, member.cookie))));
    const invite = await ask("?for=invite");
    expect(invite.status).toBe(200);
    expect(await invite.text()).toBe("This person is already a member of Chapter.");
    const contact = await ask("");
    expect(contact.status).toBe(200);
    expect(await contact.text()).toBe("");
    const refused = await ask("?for=everyone");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("for is invite or absent.");
  });
});

describe("the member search's ?q=", () => {
  test("the first 200 characters are searched; a q sent twice is a 400", async () => {
    const member = await createSignedInMember();
    const long = "z".repeat(250);
    const page = await settle(() => searchPage(routeArgs(getRequest(`/user/search?q=${long}`, member.cookie))));
    expect(page.status).toBe(200);
    expect(((await page.json()) as { q: string }).q).toBe("z".repeat(200));
    for (const load of [searchPage, searchCall]) {
      const twice = getRequest("/search_contacts?q=a&q=b", member.cookie);
      twice.headers.set("Accept", "application/json");
      const refused = await settle(() => load(routeArgs(twice)));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toBe("Send the search as text.");
    }
  });
});

describe("the journal call's ?thisdate=", () => {
  test("missing, not a date or out of range is a 400 saying which", async () => {
    const member = await createSignedInMember();
    const ask = (query: string) => settle(() => journalCall(routeArgs(getRequest(`/user/calendercd/showtaskreviewbeforeprintjournal${query}`, member.cookie))));
    for (const [query, message] of [
      ["", "Enter a date as yyyy-mm-dd."],
      ["?thisdate=2026-02-30", "Enter a date as yyyy-mm-dd."],
      ["?thisdate=1899-12-31", "Choose a date from 1900 to 2100."],
    ]) {
      const refused = await ask(query);
      expect(refused.status, query).toBe(400);
      expect(await refused.text()).toBe(message);
    }
    const fresh = await ask("?thisdate=%202026-02-28%20");
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe("new");
  });
});

describe("the place lookups", () => {
  test("say what is wrong with the query", async () => {
    const member = await createSignedInMember();
    const province = await settle(() => provinces(routeArgs(getRequest("/user/ajax/get-province-by-countryId?country_id=ca", member.cookie))));
    expect(province.status).toBe(400);
    expect(await province.json()).toEqual({ error: "country_id must be a two-letter country code" });
    const city = await settle(() => cities(routeArgs(getRequest("/user/ajax/get-city-by-regionId?country_id=CA", member.cookie))));
    expect(city.status).toBe(400);
    expect(await city.json()).toEqual({ error: "country_id and region_id are required" });
  });
});

describe("chat", () => {
  test("a live flag other than 1, or a resume point that is not a message id, is a 400", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await befriend(ana, bo);
    const send = (fields: Record<string, string>) =>
      settle(() => sendAction(routeArgs(postRequest(`/user/chat/${bo.id}`, fields, ana.cookie), { memberId: String(bo.id) })));
    const refused = await send({ body: "Hello", live: "yes" });
    expect(refused.status).toBe(400);
    expect(await replyErrors(refused)).toEqual({ live: ["live is 1 or absent."] });
    expect(await db.selectFrom("chat_messages").selectAll().execute()).toEqual([]);
    const live = await send({ body: "Hello", live: "1" });
    expect(((await live.json()) as { message: { body: string } }).message.body).toBe("Hello");

    const stream = (query: string, headers: Record<string, string> = {}) =>
      settle(() => liveLoader(routeArgs(new Request(`${BASE}/user/live?chat=${bo.id}${query}`, { headers: { Cookie: ana.cookie, ...headers } }))));
    for (const [query, headers, message] of [
      ["&after=-1", {}, "Give a message id."],
      ["&after=1e3", {}, "Give a message id."],
      ["&notice=x", {}, "Give a notification id."],
      ["", { "Last-Event-ID": "abc" }, "Give the last event's id as <message>.<notice>."],
      ["", { "Last-Event-ID": "1.2.3" }, "Give the last event's id as <message>.<notice>."],
      ["", { "Last-Event-ID": "1.99999999999" }, "Give the last event's id as <message>.<notice>."],
    ] as const) {
      const response = await stream(query, headers);
      expect(response.status, query || headers["Last-Event-ID"]).toBe(400);
      expect(await response.text()).toBe(message);
    }
  });
});

describe("the post form", () => {
  async function uploadedName(member: TestMember) {
    const request = uploadRequest(
      "/user/upload_post_file",
      { name: "one.png", content: await png(), type: "image/png" },
      { cookie: member.cookie, json: true, fields: { csrf: "x" } },
    );
    const response = await settle(() => uploadAction(routeArgs(request)));
    return ((await response.json()) as { file: { name: string } }).file.name;
  }

  function postForm(path: string, member: TestMember, fields: [string, string][]) {
    const body = new FormData();
    for (const [name, value] of [["privacy", "public"], ...fields]) body.append(name, value);
    body.append("attachments", new Blob([], { type: "application/octet-stream" }), "");
    return new Request(`${BASE}${path}`, { method: "POST", body, headers: { Cookie: member.cookie } });
  }

  test("names the uploaded files with or without [] and refuses kept files that are not ids", async () => {
    const member = await createSignedInMember();
    const name = await uploadedName(member);
    const plain = await settle(() => newPostAction(routeArgs(postForm("/user/timeline/post/new", member, [["files", name]]))));
    expect(plain.status).toBe(302);
    const post = await db.selectFrom("posts").select("id").where("author_id", "=", member.id).executeTakeFirstOrThrow();
    expect(await db.selectFrom("post_files").select("file_id").where("post_id", "=", post.id).execute()).toHaveLength(1);

    const path = `/user/timeline/post/${post.id}/edit`;
    const edit = await settle(() =>
      editPostAction(
        routeArgs(
          postForm(path, member, [
            ["message", "Kept?"],
            ["not_deleted_files[]", "first"],
          ]),
          { postId: String(post.id) },
        ),
      ),
    );
    expect(edit.status).toBe(400);
    expect(Object.values(await replyErrors(edit)).flat()).toEqual(["Reload the post and try again."]);
    expect(await db.selectFrom("post_files").select("file_id").where("post_id", "=", post.id).execute()).toHaveLength(1);
  });
});

describe("the ticket purchase dialog's address", () => {
  test("general unless a type is named; another type is a 400 with its message, after the event is found", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const member = await createSignedInMember();
    const open = (query: string) => settle(() => purchaseDialog(routeArgs(getRequest(`/user/event/payment_form?${query}`, member.cookie))));
    const plain = await open(`event_id=${eventId}`);
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { type: string }).type).toBe("general");
    const gold = await open(`event_id=${eventId}&ticket_type=gold`);
    expect(gold.status).toBe(400);
    expect(await gold.text()).toBe("The ticket type is general or vip.");
    expect((await open("event_id=999999&ticket_type=gold")).status).toBe(404);
  });
});
