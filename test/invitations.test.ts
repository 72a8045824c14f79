import fs from "node:fs";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, test } from "vitest";
import { deleteContact } from "~/features/contacts/contacts.server";
import { MAX_RESENDS, MAX_SENT_PER_DAY } from "~/features/invitations/invitations.server";
import { CSRF_FIELD, csrfToken, protectActions } from "~/lib/csrf.server";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { listOutbox } from "~/lib/mail.server";
import { getMember } from "~/lib/session.server";
import { loader as invitationImageRoute } from "~/routes/contacts/invitations.$token.image";
import { action as signupAction, loader as signupLoader } from "~/routes/accounts/signup";
import { action as checkEmail } from "~/routes/spec/user.ajax.check_contact_and_invite";
import * as uploadModule from "~/routes/spec/user.ajax.file_upload.invite_image";
import * as dialogModule from "~/routes/contacts/user.contacts.$contactId.invite";
import { action as addContactAction } from "~/routes/contacts/user.contacts.add";
import { loader as listLoader } from "~/routes/contacts/user.contacts";
import { loader as fileRoute } from "~/routes/files/user.files.$token";
import * as inviteModule from "~/routes/spec/user.invite";
import { action as inviteAbout } from "~/routes/spec/user.invite_about";
import { loader as profileLoader } from "~/routes/contacts/user.profile";
import * as reinviteModule from "~/routes/spec/user.reinvite";
import { png, uploadRequest } from "./fixtures/files";
import {
  contactOf as newContact,
  type ContactFields,
  context,
  cookiesFrom,
  createSignedInMember,
  flashOf,
  getRequest,
  postRequest,
  replyErrors,
  routeArgs,
  settle,
  type TestMember,
} from "./helpers";

const dialogAction = dialogModule.action;
const dialogLoader = dialogModule.loader;
const inviteAction = inviteModule.action;
const reinviteAction = reinviteModule.action;
const uploadAction = uploadModule.action;

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

/** Nora, with her e-mail, unless told otherwise. */
function contactOf(owner: TestMember, fields: ContactFields = {}) {
  return newContact(owner, { name: "Nora Newcomer", email: "nora@example.com", ...fields });
}

function dialogPath(id: number, back = `/user/profile?cicid=${id}`) {
  return `/user/contacts/${id}/invite?back=${encodeURIComponent(back)}`;
}

function sendInvite(member: TestMember, id: number, fields: Record<string, string>, { json = false } = {}) {
  const request = postRequest(dialogPath(id), { csrf: "x", ...fields }, member.cookie);
  if (json) request.headers.set("Accept", "application/json");
  return settle(() => dialogAction(routeArgs(request, { contactId: String(id) })));
}

function reinvite(member: TestMember, id: number, { json = false } = {}) {
  const request = postRequest("/user/reinvite", { csrf: "x", contact_id: String(id) }, member.cookie);
  if (json) request.headers.set("Accept", "application/json");
  return settle(() => reinviteAction(routeArgs(request)));
}

async function invitationRow(contactId: number) {
  return db.selectFrom("invitations").selectAll().where("contact_id", "=", contactId).executeTakeFirst();
}

/** The token of the newest invitation mail, and the mail. */
async function newestInvitation() {
  const [mail] = await listOutbox();
  const match = mail?.text.match(/https?:\/\/\S+\/signup\?invite=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link in the outbox: ${mail?.text}`);
  return { mail, token: match[1], link: match[0] };
}

async function signupPage(token: string) {
  const response = await settle(() => signupLoader(routeArgs(getRequest(`/signup?invite=${encodeURIComponent(token)}`))));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    invitation:
      | null
      | { valid: false }
      | { valid: true; inviterName: string; email: string; name: string; message: string | null; imageUrl: string | null; token: string };
  };
}

function signUp(fields: { name: string; email: string; invite?: string }) {
  return settle(() =>
    signupAction(
      routeArgs(postRequest("/signup", { csrf: "x", password: "a long enough password", memberType: "investor", ...fields } as Record<string, string>)),
    ),
  );
}

async function profileInvitation(member: TestMember, id: number) {
  const response = await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${id}`, member.cookie))));
  expect(response.status).toBe(200);
  return ((await response.json()) as { invitation: { status: string; resentCount?: number } }).invitation;
}

describe("inviting a contact", () => {
  test("mails a link that opens the sign-up page with the inviter and the e-mail", async () => {
    const owner = await createSignedInMember({ name: "Olivia Owner" });
    const id = await contactOf(owner);

    const dialog = await settle(() => dialogLoader(routeArgs(getRequest(dialogPath(id), owner.cookie), { contactId: String(id) })));
    expect(dialog.status).toBe(200);
    const data = (await dialog.json()) as { defaults: Record<string, string>; state: { status: string }; back: string };
    expect(data.defaults).toEqual({ email: "nora@example.com", name: "Nora Newcomer", message: "" });
    expect(data.state).toEqual({ status: "none" });
    expect(data.back).toBe(`/user/profile?cicid=${id}`);
    expect(await profileInvitation(owner, id)).toEqual({ status: "none" });

    const response = await sendInvite(owner, id, { email: " Nora@Example.com ", name: "Nora", message: "Come along to the\nspring dinner!" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Invitation sent to nora@example.com." });

    const { mail, token, link } = await newestInvitation();
    expect(mail.to).toBe("nora@example.com");
    expect(mail.subject).toBe("Olivia Owner invites you to join Chapter");
    expect(mail.text).toContain("Hello Nora,");
    expect(mail.text).toContain("> Come along to the\n> spring dinner!");
    expect(link).toBe(`http://chapter.test/signup?invite=${token}`);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);

    const row = await invitationRow(id);
    expect(row).toMatchObject({ owner_id: owner.id, email: "nora@example.com", name: "Nora", resent_count: 0, accepted_at: null });
    // Only a hash of the token is kept.
    expect(row!.token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const state = await profileInvitation(owner, id);
    expect(state).toMatchObject({ status: "invited", resentCount: 0 });

    const page = await signupPage(token);
    expect(page.invitation).toMatchObject({
      valid: true,
      inviterName: "Olivia Owner",
      email: "nora@example.com",
      name: "Nora",
      message: "Come along to the\nspring dinner!",
    });
  });

  test("a contact without an e-mail gets the invitation's address", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner, { email: null });
    expect((await sendInvite(owner, id, { email: "fresh@example.com" })).status).toBe(302);
    const contact = await db.selectFrom("contacts").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    expect(contact.email).toBe("fresh@example.com");
  });

  test("the e-mail is required and must be valid (SPEC.md's messages); nothing is sent", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    for (const [email, message] of [
      ["", "Email is required."],
      ["   ", "Email is required."],
      ["not-an-address", "Please provide a valid email address."],
      ["a@b", "Please provide a valid email address."],
    ]) {
      const response = await sendInvite(owner, id, { email });
      expect(response.status, email).toBe(400);
      expect((await replyErrors(response)).email, email).toEqual([message]);
    }
    const missing = await settle(() =>
      dialogAction(routeArgs(postRequest(dialogPath(id), { csrf: "x", name: "No e-mail field" }, owner.cookie), { contactId: String(id) })),
    );
    expect((await replyErrors(missing)).email).toEqual(["Email is required."]);
    const tooLong = await sendInvite(owner, id, { email: "nora@example.com", message: "x".repeat(1001) });
    expect((await replyErrors(tooLong)).message).toEqual(["Use at most 1000 characters."]);
    expect(await listOutbox()).toEqual([]);
    expect(await invitationRow(id)).toBeUndefined();
  });

  test("another contact's or invitation's e-mail, or a member's, is refused; the contact's own is fine", async () => {
    const owner = await createSignedInMember();
    const existingMember = await createSignedInMember({ email: "already@example.com" });
    const nora = await contactOf(owner);
    const other = await contactOf(owner, { name: "Otto Other", email: "otto@example.com" });

    const taken = await sendInvite(owner, nora, { email: "otto@example.com" });
    expect((await replyErrors(taken)).email).toEqual(["You already have a contact with this e-mail: Otto Other."]);
    const member = await sendInvite(owner, nora, { email: "ALREADY@example.com" });
    expect((await replyErrors(member)).email).toEqual(["This person is already a member of Chapter."]);
    expect(existingMember.id).toBeGreaterThan(0);

    // Otto is invited at another address; Nora cannot be invited there, nor can a new contact have it.
    expect((await sendInvite(owner, other, { email: "otto.work@example.com" })).status).toBe(302);
    const invited = await sendInvite(owner, nora, { email: "otto.work@example.com" });
    expect((await replyErrors(invited)).email).toEqual(["You have already invited this e-mail address: Otto Other."]);
    const added = await settle(() =>
      addContactAction(routeArgs(postRequest("/user/contacts/add", { csrf: "x", intent: "save", name: "Dup", email: "otto.work@example.com" }, owner.cookie))),
    );
    expect(added.status).toBe(400);
    expect((await replyErrors(added)).email).toEqual(["You have already invited this e-mail address: Otto Other."]);

    // The live check says the same (with ?for=invite the member rule too); the contact itself is no duplicate.
    const check = async (fields: Record<string, string>, forInvite = true) => {
      const path = forInvite ? "/user/ajax/check_contact_and_invite?for=invite" : "/user/ajax/check_contact_and_invite";
      return (await settle(() => checkEmail(routeArgs(postRequest(path, { csrf: "x", ...fields }, owner.cookie))))).text();
    };
    expect(await check({ email: "otto@example.com", contact_id: String(nora) })).toBe("You already have a contact with this e-mail: Otto Other.");
    expect(await check({ email: "otto.work@example.com", contact_id: String(nora) })).toBe("You have already invited this e-mail address: Otto Other.");
    expect(await check({ email: "otto.work@example.com", contact_id: String(other) })).toBe("");
    expect(await check({ email: "nora@example.com", contact_id: String(nora) })).toBe("");
    expect(await check({ email: "already@example.com", contact_id: String(nora) })).toBe("This person is already a member of Chapter.");
    expect(await check({ email: "already@example.com", contact_id: String(nora) }, false)).toBe("");

    // Inviting Nora at her own address works.
    expect((await sendInvite(owner, nora, { email: "nora@example.com" })).status).toBe(302);
  });

  test("re-inviting sends a new link, the old one stops working, and it is counted", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);

    const early = await reinvite(owner, id, { json: true });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ type: "error", message: "Nora Newcomer has not been invited yet: invite them first." });

    await sendInvite(owner, id, { email: "nora@example.com", message: "Hello again" });
    const first = await newestInvitation();

    const response = await reinvite(owner, id, { json: true });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { type: string; message: string; html: string; invitation: { status: string; resentCount: number } };
    expect(body).toMatchObject({ type: "success", message: "Invitation sent again to nora@example.com." });
    expect(body.invitation).toMatchObject({ status: "invited", resentCount: 1 });
    expect(body.html).toMatch(/^<span class="invitation-state">Re-invited once, last on \d{1,2} [A-Z][a-z]{2} \d{4}<\/span>$/);

    const second = await newestInvitation();
    expect(second.token).not.toBe(first.token);
    expect(second.mail.text).toContain("> Hello again");
    expect((await signupPage(first.token)).invitation).toEqual({ valid: false });
    expect((await signupPage(second.token)).invitation).toMatchObject({ valid: true });

    // Without JS: back to the page it came from, with the notification.
    const plain = await settle(() =>
      reinviteAction(
        routeArgs(
          new Request("http://chapter.test/user/reinvite", {
            method: "POST",
            body: new URLSearchParams({ csrf: "x", contact_id: String(id) }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: owner.cookie, Referer: "http://chapter.test/user/contacts?q=nora" },
          }),
        ),
      ),
    );
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/user/contacts?q=nora");
    expect(await flashOf(plain)).toEqual({ type: "success", message: "Invitation sent again to nora@example.com." });
    expect(await profileInvitation(owner, id)).toMatchObject({ status: "invited", resentCount: 2 });
    expect(await listOutbox()).toHaveLength(3);

    // The dialog sends again too (with changes), counted as well.
    const again = await sendInvite(owner, id, { email: "nora@example.com", name: "Nora N." });
    expect(await flashOf(again)).toEqual({ type: "success", message: "Invitation sent again to nora@example.com." });
    expect((await invitationRow(id))!.resent_count).toBe(3);
  });

  test("re-invitations of a contact, and invitations a member sends in a day, are limited", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    await sendInvite(owner, id, { email: "nora@example.com" });
    await db.updateTable("invitations").set({ resent_count: MAX_RESENDS }).where("contact_id", "=", id).execute();
    const refused = await reinvite(owner, id, { json: true });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      type: "error",
      message: `You have re-invited Nora Newcomer ${MAX_RESENDS} times already; that is the limit.`,
    });
    expect(await listOutbox()).toHaveLength(1);

    // MAX_SENT_PER_DAY e-mails in the last 24 hours (this one included), then no more until a day has passed.
    const now = new Date().toISOString();
    for (let index = 1; index < MAX_SENT_PER_DAY; index += 1) {
      const other = await contactOf(owner, { name: `Contact ${index}`, email: `c${index}@example.com` });
      await db
        .insertInto("invitations")
        .values({ owner_id: owner.id, contact_id: other, email: `c${index}@example.com`, token_hash: `hash-${index}`, sent_at: now, created_at: now })
        .execute();
    }
    const next = await contactOf(owner, { name: "One Too Many", email: "many@example.com" });
    const capped = await sendInvite(owner, next, { email: "many@example.com" });
    expect(capped.status).toBe(302);
    expect(await flashOf(capped)).toEqual({
      type: "error",
      message: `You have sent ${MAX_SENT_PER_DAY} invitations in the last 24 hours: please send more tomorrow.`,
    });
    expect(await invitationRow(next)).toBeUndefined();
    await db
      .updateTable("invitations")
      .set({ sent_at: new Date(Date.now() - 86_500_000).toISOString() })
      .where("owner_id", "=", owner.id)
      .execute();
    expect(await flashOf(await sendInvite(owner, next, { email: "many@example.com" }))).toMatchObject({ type: "success" });
  });

  test("the contact grid knows each contact's invitation", async () => {
    const owner = await createSignedInMember();
    const invited = await contactOf(owner);
    const notInvited = await contactOf(owner, { name: "Quiet Quinn", email: "quinn@example.com" });
    await sendInvite(owner, invited, { email: "nora@example.com" });
    const response = await settle(() => listLoader(routeArgs(getRequest("/user/contacts", owner.cookie))));
    const { invitations } = (await response.json()) as { invitations: Record<string, { status: string }> };
    expect(invitations[invited]).toMatchObject({ status: "invited" });
    expect(invitations[notInvited]).toBeUndefined();
  });
});

describe("signing up through the link", () => {
  test("marks the invitation accepted, links the new member and tells the inviter", async () => {
    const owner = await createSignedInMember({ name: "Olivia Owner" });
    const id = await contactOf(owner);
    // Another member invited the same person: that invitation is answered too.
    const friend = await createSignedInMember();
    const friendsContact = await contactOf(friend);
    await sendInvite(friend, friendsContact, { email: "nora@example.com" });
    await sendInvite(owner, id, { email: "nora@example.com" });
    const { token } = await newestInvitation();

    const response = await signUp({ name: "Nora Newcomer", email: "nora.private@example.com", invite: token });
    expect(response.status).toBe(302);
    const member = await getMember(getRequest("/user", cookiesFrom(response)));
    expect(member?.email).toBe("nora.private@example.com");

    const row = await invitationRow(id);
    expect(row!.accepted_at).not.toBeNull();
    expect(row!.accepted_member_id).toBe(member!.id);
    expect(await profileInvitation(owner, id)).toMatchObject({ status: "joined" });
    // Signed up with another address: the friend's invitation (to nora@) stays open.
    expect((await invitationRow(friendsContact))!.accepted_at).toBeNull();

    const notes = await db.selectFrom("notifications").selectAll().where("member_id", "=", owner.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: "invitation_accepted",
      message: "Nora Newcomer accepted your invitation and joined Chapter.",
      link_url: `/user/profile?cicid=${id}`,
    });

    // Used: the link no longer works, and the buttons are gone.
    expect((await signupPage(token)).invitation).toEqual({ valid: false });
    expect((await reinvite(owner, id, { json: true })).status).toBe(409);
    const dialog = await sendInvite(owner, id, { email: "nora@example.com" }, { json: true });
    expect(dialog.status).toBe(409);
    expect(await dialog.json()).toMatchObject({ type: "error", message: "Nora Newcomer has already joined Chapter." });
  });

  test("signing up with an invited address answers every open invitation to it", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    await sendInvite(owner, id, { email: "nora@example.com" });
    const response = await signUp({ name: "Nora", email: "Nora@example.com" });
    expect(response.status).toBe(302);
    expect(await profileInvitation(owner, id)).toMatchObject({ status: "joined" });
  });

  test("an unknown, replaced or expired link says so, and sign-up still works", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    expect((await signupPage("no-such-token")).invitation).toEqual({ valid: false });
    const plain = await settle(() => signupLoader(routeArgs(getRequest("/signup"))));
    expect(((await plain.json()) as { invitation: unknown }).invitation).toBeNull();

    await sendInvite(owner, id, { email: "nora@example.com" });
    const { token } = await newestInvitation();
    // INVITATION_DAYS (30) later, it has expired.
    await db
      .updateTable("invitations")
      .set({ sent_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where("contact_id", "=", id)
      .execute();
    expect((await signupPage(token)).invitation).toEqual({ valid: false });
    expect(await profileInvitation(owner, id)).toMatchObject({ status: "invited", expired: true });

    const response = await signUp({ name: "Nora", email: "someone.else@example.com", invite: token });
    expect(response.status).toBe(302);
    expect((await invitationRow(id))!.accepted_at).toBeNull();
    const bogus = await signUp({ name: "Bo", email: "bo@example.com", invite: "x".repeat(500) });
    expect(bogus.status).toBe(302);
  });
});

describe("the invite image", () => {
  test("uploads on the one upload path, shows in the dialog and on the invitee's sign-up page", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const path = `/user/ajax/file_upload/invite_image?contact_id=${id}`;
    const file = { name: "dinner.png", content: await png(120, 80), type: "image/png" };

    const response = await settle(() => uploadAction(routeArgs(uploadRequest(path, file, { cookie: owner.cookie, json: true, fields: { csrf: "x" } }))));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { type: string; file: { thumbnailUrl: string } };
    expect(body.type).toBe("success");
    expect(body.file.thumbnailUrl).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
    const stored = await db.selectFrom("files").selectAll().where("owner_id", "=", owner.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].kind).toBe("invite_image");
    // A draft: nothing sent yet.
    expect(await profileInvitation(owner, id)).toEqual({ status: "none" });

    const dialog = await settle(() => dialogLoader(routeArgs(getRequest(dialogPath(id), owner.cookie), { contactId: String(id) })));
    expect(((await dialog.json()) as { imageUrl: string }).imageUrl).toBe(body.file.thumbnailUrl);

    // Without JS the upload comes back to the dialog.
    const plain = await settle(() =>
      uploadAction(routeArgs(uploadRequest(`${path}&back=${encodeURIComponent(dialogPath(id))}`, file, { cookie: owner.cookie }))),
    );
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(dialogPath(id));
    expect(await flashOf(plain)).toEqual({ type: "success", message: "Invitation image saved." });
    // The replaced image is deleted.
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", owner.id).execute()).toHaveLength(1);

    const notImage = await settle(() =>
      uploadAction(routeArgs(uploadRequest(path, { name: "notes.txt", content: Buffer.from("hi") }, { cookie: owner.cookie, json: true }))),
    );
    expect(notImage.status).toBe(400);

    await sendInvite(owner, id, { email: "nora@example.com" });
    const { token } = await newestInvitation();
    const page = await signupPage(token);
    expect(page.invitation).toMatchObject({ valid: true, imageUrl: `/invitations/${token}/image` });
    const image = await settle(() => invitationImageRoute(routeArgs(getRequest(`/invitations/${token}/image`), { token })));
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const wrong = await settle(() => invitationImageRoute(routeArgs(getRequest("/invitations/nope/image"), { token: "nope" })));
    expect(wrong.status).toBe(404);

    // Removed from the dialog: gone from disk and from the page.
    const removed = await sendInvite(owner, id, { intent: "remove-image" });
    expect(removed.status).toBe(302);
    expect(await flashOf(removed)).toEqual({ type: "success", message: "Invitation image removed." });
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", owner.id).execute()).toEqual([]);
    expect((await signupPage(token)).invitation).toMatchObject({ valid: true, imageUrl: null });
  });

  test("goes with the contact", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const file = { name: "dinner.png", content: await png(40, 40), type: "image/png" };
    await settle(() =>
      uploadAction(routeArgs(uploadRequest(`/user/ajax/file_upload/invite_image?contact_id=${id}`, file, { cookie: owner.cookie, json: true }))),
    );
    expect(await db.selectFrom("files").select("id").execute()).toHaveLength(1);
    await deleteContact(owner.id, id);
    expect(await db.selectFrom("files").select("id").execute()).toEqual([]);
    expect(await invitationRow(id)).toBeUndefined();
  });
});

describe("POST /user/invite and /user/invite_about", () => {
  test("/user/invite with only contact_id invites at the contact's e-mail and answers type, message, html", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const request = postRequest("/user/invite", { csrf: "x", contact_id: String(id) }, owner.cookie);
    request.headers.set("Accept", "application/json");
    const response = await settle(() => inviteAction(routeArgs(request)));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    expect(body).toMatchObject({ type: "success", message: "Invitation sent to nora@example.com." });
    expect(body.html).toMatch(/Invited on \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect((await listOutbox())[0].to).toBe("nora@example.com");

    const noEmail = await contactOf(owner, { name: "No Mail", email: null });
    const refused = await settle(() => inviteAction(routeArgs(postRequest("/user/invite", { csrf: "x", contact_id: String(noEmail) }, owner.cookie))));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: "error", message: "Email is required." });

    const bad = await settle(() => inviteAction(routeArgs(postRequest("/user/invite", { csrf: "x", contact_id: "abc" }, owner.cookie))));
    expect(bad.status).toBe(404);
  });

  test("/user/invite_about opens the invite form prefilled", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const response = await settle(() =>
      inviteAbout(
        routeArgs(
          postRequest("/user/invite_about", { csrf: "x", contact_id: String(id), contact_name: "Nora N.", contact_email: "nora.n@example.com" }, owner.cookie),
        ),
      ),
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    const url = new URL(location, "http://chapter.test");
    expect(url.pathname).toBe(`/user/contacts/${id}/invite`);
    const dialog = await settle(() => dialogLoader(routeArgs(getRequest(location, owner.cookie), { contactId: String(id) })));
    expect(((await dialog.json()) as { defaults: Record<string, string> }).defaults).toMatchObject({ email: "nora.n@example.com", name: "Nora N." });
    expect(await listOutbox()).toEqual([]);
  });

  test("a ?back= to another site is not followed", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const response = await settle(() =>
      dialogAction(
        routeArgs(
          postRequest(`/user/contacts/${id}/invite?back=${encodeURIComponent("//evil.example")}`, { csrf: "x", email: "nora@example.com" }, owner.cookie),
          {
            contactId: String(id),
          },
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
  });
});

describe("another member", () => {
  test("gets 404 from every invite route, action and image, and nothing is sent or changed", async () => {
    const owner = await createSignedInMember({ name: "Olivia Owner" });
    const intruder = await createSignedInMember();
    const id = await contactOf(owner);
    const file = { name: "dinner.png", content: await png(40, 40), type: "image/png" };
    const upload = await settle(() =>
      uploadAction(routeArgs(uploadRequest(`/user/ajax/file_upload/invite_image?contact_id=${id}`, file, { cookie: owner.cookie, json: true }))),
    );
    const thumbnailUrl = ((await upload.json()) as { file: { thumbnailUrl: string } }).file.thumbnailUrl;
    await sendInvite(owner, id, { email: "nora@example.com", message: "Private words" });
    const before = await invitationRow(id);
    const mailsBefore = (await listOutbox()).length;

    const params = { contactId: String(id) };
    const cookie = intruder.cookie;
    const attempts: Record<string, () => Promise<unknown>> = {
      "dialog (GET)": () => dialogLoader(routeArgs(getRequest(dialogPath(id), cookie), params)),
      "dialog (send)": () => dialogAction(routeArgs(postRequest(dialogPath(id), { csrf: "x", email: "intruder@example.com" }, cookie), params)),
      "dialog (remove image)": () => dialogAction(routeArgs(postRequest(dialogPath(id), { csrf: "x", intent: "remove-image" }, cookie), params)),
      "/user/invite": () => inviteAction(routeArgs(postRequest("/user/invite", { csrf: "x", contact_id: String(id) }, cookie))),
      "/user/invite (form)": () =>
        inviteAction(routeArgs(postRequest("/user/invite", { csrf: "x", contact_id: String(id), email: "intruder@example.com" }, cookie))),
      "/user/reinvite": () => reinviteAction(routeArgs(postRequest("/user/reinvite", { csrf: "x", contact_id: String(id) }, cookie))),
      "/user/invite_about": () =>
        inviteAbout(routeArgs(postRequest("/user/invite_about", { csrf: "x", contact_id: String(id), contact_email: "x@example.com" }, cookie))),
      "image upload": () => uploadAction(routeArgs(uploadRequest(`/user/ajax/file_upload/invite_image?contact_id=${id}`, file, { cookie, json: true }))),
      "image file": () => {
        const token = thumbnailUrl.split("/")[3].split("?")[0];
        return fileRoute(routeArgs(getRequest(thumbnailUrl, cookie), { token }));
      },
    };
    for (const [name, run] of Object.entries(attempts)) {
      const response = await settle(run);
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).not.toContain("Private words");
    }
    expect(await invitationRow(id)).toEqual(before);
    expect(await listOutbox()).toHaveLength(mailsBefore);
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", intruder.id).execute()).toEqual([]);
    // The owner reads their own image.
    const token = thumbnailUrl.split("/")[3].split("?")[0];
    expect((await settle(() => fileRoute(routeArgs(getRequest(thumbnailUrl, owner.cookie), { token })))).status).toBe(200);
  });
});

describe("anti-forgery", () => {
  const build = protectActions({
    routes: {
      dialog: { id: "dialog", path: "user/contacts/:contactId/invite", module: dialogModule },
      invite: { id: "invite", path: "user/invite", module: inviteModule },
      reinvite: { id: "reinvite", path: "user/reinvite", module: reinviteModule },
      upload: { id: "upload", path: "user/ajax/file_upload/invite_image", module: uploadModule },
    },
  } as unknown as ServerBuild);
  const wrapped = (id: string) => build.routes[id].module.action as (args: ReturnType<typeof routeArgs>) => Promise<Response>;

  test("every invite action refuses a POST without the token, and sends nothing", async () => {
    const owner = await createSignedInMember();
    const id = await contactOf(owner);
    const fields = { contact_id: String(id), email: "nora@example.com" };
    for (const [route, path] of [
      ["dialog", dialogPath(id)],
      ["invite", "/user/invite"],
      ["reinvite", "/user/reinvite"],
    ] as const) {
      const response = await settle(() => wrapped(route)({ request: postRequest(path, fields, owner.cookie), params: { contactId: String(id) }, context }));
      expect(response.status, route).toBe(403);
    }
    const image = { name: "a.png", content: await png(10, 10) };
    const upload = await settle(() =>
      wrapped("upload")(routeArgs(uploadRequest(`/user/ajax/file_upload/invite_image?contact_id=${id}`, image, { cookie: owner.cookie }))),
    );
    expect(upload.status).toBe(403);
    expect(await listOutbox()).toEqual([]);
    expect(await db.selectFrom("files").select("id").execute()).toEqual([]);

    const { token, setCookie } = await csrfToken(getRequest("/"));
    const cookie = `${owner.cookie}; ${setCookie!.split(";")[0]}`;
    const accepted = await settle(() =>
      wrapped("dialog")({ request: postRequest(dialogPath(id), { ...fields, [CSRF_FIELD]: token }, cookie), params: { contactId: String(id) }, context }),
    );
    expect(accepted.status).toBe(302);
    expect(await listOutbox()).toHaveLength(1);
  });
});
