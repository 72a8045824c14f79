import { describe, expect, test } from "vitest";
import { verifyCredentials } from "~/features/members/members.server";
import { db } from "~/lib/db.server";
import { getMember, startSession } from "~/lib/session.server";
import { action, loader } from "~/routes/settings/user.settings.security.password";
import { cookiesFrom, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const PATH = "/user/settings/security/password";
const NEW_PASSWORD = "my new secret phrase";

function change(member: TestMember, fields: Record<string, string>) {
  return settle(() => action(routeArgs(postRequest(PATH, fields, member.cookie))));
}

async function passwordHash(memberId: number) {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", memberId).executeTakeFirstOrThrow();
  return row.password_hash;
}

async function otherBrowser(member: TestMember) {
  return cookiesFrom(await startSession(getRequest("/signin"), member.id, { redirectTo: "/user" }));
}

describe("changing the password", () => {
  test("the page is there for a member", async () => {
    const member = await createSignedInMember();
    expect((await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))))).status).toBe(200);
  });

  test("a wrong current password is refused and nothing changes", async () => {
    const member = await createSignedInMember();
    const other = await otherBrowser(member);
    const before = await passwordHash(member.id);

    const response = await change(member, { currentPassword: "not it at all", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ currentPassword: ["That is not your current password."] });
    expect(await passwordHash(member.id)).toBe(before);
    expect(await getMember(getRequest("/user", other))).not.toBeNull();
  });

  test("the new password must be long enough and typed twice the same", async () => {
    const member = await createSignedInMember();
    const short = await change(member, { currentPassword: member.password, password: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect((await replyErrors(short)).password).toEqual(["Use at least 8 characters."]);

    const mismatch = await change(member, { currentPassword: member.password, password: NEW_PASSWORD, confirmPassword: "something else" });
    expect(mismatch.status).toBe(400);
    const body = await mismatch.text();
    expect(JSON.parse(body).result.error.confirmPassword).toEqual(["The two passwords do not match."]);
    expect(body).not.toContain(member.password);
    expect(await verifyCredentials(member.email, member.password)).toBe(member.id);
  });

  test("changes the hash, keeps this session, ends the others and says how many", async () => {
    const member = await createSignedInMember();
    const laptop = await otherBrowser(member);
    const phone = await otherBrowser(member);
    const stranger = await createSignedInMember();
    const before = await passwordHash(member.id);

    const response = await change(member, { currentPassword: member.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings/security");
    expect(await flashOf(response)).toEqual({
      type: "success",
      message: "Password changed. 2 other sessions were signed out.",
    });

    expect(await passwordHash(member.id)).not.toBe(before);
    expect(await verifyCredentials(member.email, NEW_PASSWORD)).toBe(member.id);
    expect(await verifyCredentials(member.email, member.password)).toBeNull();

    expect(await getMember(getRequest("/user", member.cookie))).toMatchObject({ id: member.id });
    expect(await getMember(getRequest("/user", laptop))).toBeNull();
    expect(await getMember(getRequest("/user", phone))).toBeNull();
    expect(await getMember(getRequest("/user", stranger.cookie))).toMatchObject({ id: stranger.id });
  });

  test("with one other session, or none, the message says so", async () => {
    const member = await createSignedInMember();
    await otherBrowser(member);
    const one = await change(member, { currentPassword: member.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect((await flashOf(one))?.message).toBe("Password changed. One other session was signed out.");

    const none = await change(member, { currentPassword: NEW_PASSWORD, password: member.password, confirmPassword: member.password });
    expect((await flashOf(none))?.message).toBe("Password changed.");
  });
});
