import { describe, expect, test } from "vitest";
import { findResetLink, requestPasswordReset, resetPassword } from "~/features/members/password-reset.server";
import { verifyCredentials } from "~/features/members/members.server";
import { db, nowIso } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { getMember, startSession } from "~/lib/session.server";
import { action as resetAction, loader as resetLoader } from "~/routes/accounts/reset-password.$token";
import { action as forgotAction, loader as forgotLoader } from "~/routes/accounts/signin.forgot-password";
import { BASE, cookiesFrom, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, sessionIdOf, settle } from "./helpers";

const USED = "This link has expired or was already used. Ask for a new one.";
const NEW_PASSWORD = "a brand new passphrase";

function askForLink(email: string, cookie?: string) {
  return settle(() => forgotAction(routeArgs(postRequest("/signin/forgot-password", { email }, cookie))));
}

function openLink(token: string) {
  return settle(() => resetLoader(routeArgs(getRequest(`/reset-password/${token}`), { token })));
}

function chooseNewPassword(token: string, password = NEW_PASSWORD, confirmPassword = password, cookie?: string) {
  return settle(() => resetAction(routeArgs(postRequest(`/reset-password/${token}`, { password, confirmPassword }, cookie), { token })));
}

/** The token of the newest reset mail in the outbox. */
async function tokenFromOutbox() {
  const [mail] = await listOutbox();
  const match = mail?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error("no reset link in the outbox");
  return match[1];
}

describe("asking for a reset link", () => {
  test("mails one link to a known address and says so on the sign-in page", async () => {
    const member = await createSignedInMember({ name: "Grace", email: "grace@example.com" });
    const response = await askForLink("  GRACE@example.com ");

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(await flashOf(response)).toEqual({
      type: "success",
      message: "If grace@example.com belongs to a member, we have sent a link to that address to choose a new password.",
    });

    const mails = await listOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: member.email, subject: "Reset your Chapter password" });
    expect(mails[0].text).toContain("Hello Grace,");
    expect(mails[0].text).toMatch(new RegExp(`${BASE}/reset-password/[A-Za-z0-9_-]{40,}`));

    // Only a hash of the token is stored.
    const token = await tokenFromOutbox();
    const rows = await db.selectFrom("password_resets").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
  });

  test("an unknown address gets the same answer and no mail", async () => {
    await createSignedInMember({ email: "grace@example.com" });
    const known = await askForLink("grace@example.com");
    await db.deleteFrom("password_resets").execute();
    const before = (await listOutbox()).length;

    const unknown = await askForLink("nobody@example.com");
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get("Location")).toBe(known.headers.get("Location"));
    expect(await flashOf(unknown)).toEqual({
      type: "success",
      message: "If nobody@example.com belongs to a member, we have sent a link to that address to choose a new password.",
    });
    expect(await listOutbox()).toHaveLength(before);
    expect(await db.selectFrom("password_resets").selectAll().execute()).toEqual([]);
  });

  test("a disabled account gets no mail", async () => {
    const member = await createSignedInMember();
    await db.updateTable("users").set({ disabled_at: nowIso() }).where("id", "=", member.id).execute();
    await askForLink(member.email);
    expect(await listOutbox()).toEqual([]);
  });

  test("at most three links an hour are mailed", async () => {
    const member = await createSignedInMember();
    for (let request = 1; request <= 5; request += 1) {
      const response = await askForLink(member.email);
      expect(response.status).toBe(302);
    }
    expect(await listOutbox()).toHaveLength(3);
  });

  test("an invalid address is a field error", async () => {
    const response = await askForLink("not an address");
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).email).toEqual(["Please provide a valid email address."]);
    expect(await listOutbox()).toEqual([]);
  });

  test("a signed-in member is sent to /user", async () => {
    const member = await createSignedInMember();
    const page = await settle(() => forgotLoader(routeArgs(getRequest("/signin/forgot-password", member.cookie))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/user");
    expect((await askForLink(member.email, member.cookie)).status).toBe(302);
    expect(await listOutbox()).toEqual([]);
  });

  test("without APP_URL the link points at the origin the request came to", async () => {
    const member = await createSignedInMember();
    await requestPasswordReset(member.email, "https://chapter.example.org");
    expect((await listOutbox())[0].text).toContain("https://chapter.example.org/reset-password/");
  });
});

describe("using a reset link", () => {
  test("the link opens the form for its account", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const page = await openLink(await tokenFromOutbox());
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ valid: true, email: member.email });
  });

  test("sets the new password, ends every old session and signs in with a new one", async () => {
    const member = await createSignedInMember();
    const otherBrowser = cookiesFrom(await startSession(getRequest("/signin"), member.id, { redirectTo: "/user" }));
    await askForLink(member.email);
    const token = await tokenFromOutbox();

    const response = await chooseNewPassword(token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user");
    expect(await flashOf(response)).toEqual({
      type: "success",
      message: "Your new password is set. You are signed in, and signed out everywhere else.",
    });

    expect(await verifyCredentials(member.email, NEW_PASSWORD)).toBe(member.id);
    expect(await verifyCredentials(member.email, member.password)).toBeNull();

    expect(await getMember(getRequest("/user", member.cookie))).toBeNull();
    expect(await getMember(getRequest("/user", otherBrowser))).toBeNull();
    const cookie = cookiesFrom(response);
    expect(await getMember(getRequest("/user", cookie))).toMatchObject({ id: member.id });
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", member.id).execute();
    expect(sessions.map((session) => session.id)).toEqual([await sessionIdOf(cookie)]);
  });

  test("works once: the second use answers 410 and changes nothing", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const token = await tokenFromOutbox();
    expect((await chooseNewPassword(token)).status).toBe(302);

    const again = await chooseNewPassword(token, "an attacker's password");
    expect(again.status).toBe(410);
    expect((await replyErrors(again))[""]).toEqual([USED]);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await verifyCredentials(member.email, NEW_PASSWORD)).toBe(member.id);

    const page = await openLink(token);
    expect(page.status).toBe(410);
    expect((await page.json()).valid).toBe(false);
  });

  test("using one link retires the member's other open links", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const first = await tokenFromOutbox();
    await askForLink(member.email);
    const second = await tokenFromOutbox();
    expect(second).not.toBe(first);

    expect((await chooseNewPassword(second)).status).toBe(302);
    expect((await chooseNewPassword(first, "yet another password")).status).toBe(410);
  });

  test("an expired link answers 410 and cannot be used", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const token = await tokenFromOutbox();
    await db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();

    const page = await openLink(token);
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({ valid: false, email: null });

    const response = await chooseNewPassword(token);
    expect(response.status).toBe(410);
    expect((await replyErrors(response))[""]).toEqual([USED]);
    expect(await verifyCredentials(member.email, member.password)).toBe(member.id);
  });

  test("a made-up token answers 410", async () => {
    expect((await openLink("made-up-token")).status).toBe(410);
    expect((await chooseNewPassword("made-up-token")).status).toBe(410);
  });

  test("mismatched passwords are refused and the link still works", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const token = await tokenFromOutbox();

    const response = await chooseNewPassword(token, NEW_PASSWORD, "something else entirely");
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).confirmPassword).toEqual(["The two passwords do not match."]);

    expect((await openLink(token)).status).toBe(200);
    expect(await verifyCredentials(member.email, member.password)).toBe(member.id);
  });

  test("a too short password is refused", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const response = await chooseNewPassword(await tokenFromOutbox(), "short");
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).password).toEqual(["Use at least 8 characters."]);
  });

  test("resetPassword and findResetLink refuse a link of a disabled account", async () => {
    const member = await createSignedInMember();
    await askForLink(member.email);
    const token = await tokenFromOutbox();
    await db.updateTable("users").set({ disabled_at: nowIso() }).where("id", "=", member.id).execute();
    expect(await findResetLink(token)).toBeUndefined();
    expect(await resetPassword(token, NEW_PASSWORD)).toBeNull();
  });
});
