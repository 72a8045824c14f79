import { describe, expect, test } from "vitest";
import { db, nowIso } from "~/lib/db.server";
import { getMember, startSession } from "~/lib/session.server";
import { action, loader } from "~/routes/accounts/signin";
import {
  cookiesFrom,
  createSignedInMember,
  getRequest,
  postRequest,
  replyErrors,
  routeArgs,
  routeArgsFrom,
  sessionIdOf,
  settle,
  type TestMember,
} from "./helpers";

const WRONG = "The e-mail or password is not right.";
const TOO_MANY = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again, or reset your password\.$/;

function signIn(fields: Record<string, string>, { cookie, ip }: { cookie?: string; ip?: string } = {}) {
  const request = postRequest("/signin", fields, cookie);
  return settle(() => action(ip ? routeArgsFrom(ip, request) : routeArgs(request)));
}

function sessionsOf(memberId: number) {
  return db.selectFrom("sessions").selectAll().where("user_id", "=", memberId).execute();
}

/** A member who exists but has no session yet. */
async function signedOutMember(): Promise<TestMember> {
  const member = await createSignedInMember();
  await db.deleteFrom("sessions").where("user_id", "=", member.id).execute();
  return member;
}

describe("sign in", () => {
  test("the right credentials start a session and go to redirectTo", async () => {
    const member = await signedOutMember();
    const response = await signIn({ email: member.email.toUpperCase(), password: member.password, redirectTo: "/user/settings" });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings");
    const cookie = cookiesFrom(response);
    const sessions = await sessionsOf(member.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].id).toBe(await sessionIdOf(cookie));
    expect(sessions[0].ip).toBe("203.0.113.7");
    expect(await getMember(getRequest("/user", cookie))).toMatchObject({ id: member.id });
  });

  test("an off-site redirectTo falls back to /user", async () => {
    const member = await signedOutMember();
    const response = await signIn({ email: member.email, password: member.password, redirectTo: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/user");
  });

  test("rotates the session: the id the browser came with is dropped, a new one issued", async () => {
    const member = await createSignedInMember();
    const oldId = (await sessionIdOf(member.cookie))!;
    // The old session lapsed, so the browser is signed out but still sends its cookie.
    await db.updateTable("sessions").set({ expires_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", oldId).execute();

    const response = await signIn({ email: member.email, password: member.password }, { cookie: member.cookie });
    expect(response.status).toBe(302);
    const newId = await sessionIdOf(cookiesFrom(response, member.cookie));
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(oldId);
    expect((await sessionsOf(member.id)).map((session) => session.id)).toEqual([newId]);
  });

  test("startSession always drops the session the request came with", async () => {
    const member = await createSignedInMember();
    const oldId = await sessionIdOf(member.cookie);
    const response = await startSession(getRequest("/reset-password/x", member.cookie), member.id, { redirectTo: "/user" });
    const newId = await sessionIdOf(cookiesFrom(response, member.cookie));
    expect(newId).not.toBe(oldId);
    expect((await sessionsOf(member.id)).map((session) => session.id)).toEqual([newId]);
  });

  test("a wrong password answers 400 with one message and starts no session", async () => {
    const member = await signedOutMember();
    const response = await signIn({ email: member.email, password: "not my password" });
    expect(response.status).toBe(400);
    expect((await replyErrors(response))[""]).toEqual([WRONG]);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionsOf(member.id)).toEqual([]);
  });

  test("an unknown e-mail gets the very same answer", async () => {
    const response = await signIn({ email: "nobody@example.com", password: "whatever it is" });
    expect(response.status).toBe(400);
    expect((await replyErrors(response))[""]).toEqual([WRONG]);
  });

  test("a malformed e-mail is a field error", async () => {
    const response = await signIn({ email: "nobody", password: "whatever it is" });
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).email).toEqual(["Please provide a valid email address."]);
  });

  test("a signed-in member is sent to /user", async () => {
    const member = await createSignedInMember();
    const page = await settle(() => loader(routeArgs(getRequest("/signin", member.cookie))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/user");
  });
});

/** Retry-After is whole seconds, at most `seconds` and not much less (the test's own time). */
function expectRetryAfterAbout(response: Response, seconds: number) {
  const retryAfter = response.headers.get("Retry-After") ?? "";
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(seconds);
  expect(Number(retryAfter)).toBeGreaterThan(seconds - 60);
}

describe("sign-in throttling", () => {
  test("Retry-After counts down to the moment the oldest failure leaves the window", async () => {
    const member = await signedOutMember();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await db
      .insertInto("sign_in_failures")
      .values(Array.from({ length: 5 }, () => ({ email: member.email, ip: "203.0.113.8", created_at: tenMinutesAgo })))
      .execute();
    const blocked = await signIn({ email: member.email, password: member.password });
    expect(blocked.status).toBe(429);
    expectRetryAfterAbout(blocked, 5 * 60);
    expect((await replyErrors(blocked))[""]?.[0]).toContain("Please wait 5 minutes");
  });

  test("five failures on an account block it, even with the right password, from any address", async () => {
    const member = await signedOutMember();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await signIn({ email: member.email, password: `wrong ${attempt}` }, { ip: `198.51.100.${attempt}` });
      expect(response.status).toBe(400);
    }
    const blocked = await signIn({ email: member.email, password: member.password }, { ip: "198.51.100.99" });
    expect(blocked.status).toBe(429);
    expect((await replyErrors(blocked))[""]?.[0]).toMatch(TOO_MANY);
    // The first failure counted leaves the window in 15 minutes: that is when a try may go ahead.
    expectRetryAfterAbout(blocked, 15 * 60);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect(await sessionsOf(member.id)).toEqual([]);
  });

  test("four failures still let the member in", async () => {
    const member = await signedOutMember();
    for (let attempt = 1; attempt <= 4; attempt += 1) await signIn({ email: member.email, password: "wrong" });
    expect((await signIn({ email: member.email, password: member.password })).status).toBe(302);
  });

  test("a success clears the account's failures", async () => {
    const member = await signedOutMember();
    for (let attempt = 1; attempt <= 4; attempt += 1) await signIn({ email: member.email, password: "wrong" });
    expect((await signIn({ email: member.email, password: member.password })).status).toBe(302);
    await db.deleteFrom("sessions").execute();

    // Without the reset these would make five failures in the window.
    expect((await signIn({ email: member.email, password: "wrong again" })).status).toBe(400);
    expect((await signIn({ email: member.email, password: member.password })).status).toBe(302);
    const left = await db.selectFrom("sign_in_failures").selectAll().where("email", "=", member.email).execute();
    expect(left).toEqual([]);
  });

  test("failures older than the window do not count", async () => {
    const member = await signedOutMember();
    const longAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await db
      .insertInto("sign_in_failures")
      .values(Array.from({ length: 5 }, () => ({ email: member.email, ip: "203.0.113.7", created_at: longAgo })))
      .execute();
    expect((await signIn({ email: member.email, password: member.password })).status).toBe(302);
  });

  test("twenty failures from one address over many e-mails block that address only", async () => {
    const member = await signedOutMember();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await signIn({ email: `guess${attempt}@example.com`, password: "password1" });
      expect(response.status).toBe(400);
    }
    const blocked = await signIn({ email: member.email, password: member.password });
    expect(blocked.status).toBe(429);
    expect((await replyErrors(blocked))[""]?.[0]).toMatch(TOO_MANY);
    expectRetryAfterAbout(blocked, 15 * 60);

    const elsewhere = await signIn({ email: member.email, password: member.password }, { ip: "192.0.2.44" });
    expect(elsewhere.status).toBe(302);
  });
});

describe("disabled accounts", () => {
  test("cannot sign in, and their open sessions stop working", async () => {
    const member = await createSignedInMember();
    expect(await getMember(getRequest("/user", member.cookie))).not.toBeNull();

    await db.updateTable("users").set({ disabled_at: nowIso() }).where("id", "=", member.id).execute();

    expect(await getMember(getRequest("/user", member.cookie))).toBeNull();
    const response = await signIn({ email: member.email, password: member.password });
    expect(response.status).toBe(400);
    expect((await replyErrors(response))[""]).toEqual([WRONG]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
