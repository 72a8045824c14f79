import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { enableTwoFactor, matchingStep, verifySecondFactor } from "~/features/members/two-factor.server";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { getMember } from "~/lib/session.server";
import { action as resetAction, loader as resetLoader } from "~/routes/admin/user.admin.members.$memberId.two-factor-reset";
import { loader as membersLoader } from "~/routes/admin/user.admin.members";
import { requestPasswordReset } from "~/features/members/password-reset.server";
import { action as resetPasswordAction } from "~/routes/accounts/reset-password.$token";
import { action as signIn } from "~/routes/accounts/signin";
import { action as secondStep, loader as secondStepPage } from "~/routes/accounts/signin_.two-factor";
import { action as codesAction } from "~/routes/settings/user.settings.security.recovery-codes";
import { action as turnOff } from "~/routes/settings/user.settings.security.two-factor-off";
import { action as setUp, loader as setupPage } from "~/routes/settings/user.settings.security.two-factor";
import { loader as settingsLoader } from "~/routes/settings/user.settings.security";
import { cookiesFrom, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, routeArgsFrom, settle, type TestMember } from "./helpers";

// RFC 6238 appendix B: the SHA-1 key is the ASCII of "12345678901234567890".
const RFC_KEY = "12345678901234567890";
const RFC_KEY_BASE32 = Secret.fromLatin1(RFC_KEY).base32;
const RFC_SHA1_VECTORS: Array<[seconds: number, code: string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

const WRONG_CODE = "That code is not right. Enter the 6-digit code your app shows now, or one of your recovery codes.";
const TOO_MANY = /^Too many failed sign-in attempts\./;

function codeFor(secret: string, timestamp = Date.now()) {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

/** A code the app shows half a minute from now: accepted (±1 step), and never the step already used. */
function nextCode(secret: string) {
  return codeFor(secret, Date.now() + 30_000);
}

/** A member with two-factor on, turned on through the settings dialog. */
async function memberWithTwoFactor() {
  const member = await createSignedInMember();
  const page = (await (await settle(() => setupPage(routeArgs(getRequest("/user/settings/security/two-factor", member.cookie))))).json()) as {
    setup: { secret: string };
  };
  const secret = page.setup.secret;
  const response = await settle(() => setUp(routeArgs(postRequest("/user/settings/security/two-factor", { secret, code: codeFor(secret) }, member.cookie))));
  expect(response.status).toBe(200);
  const { recoveryCodes } = (await response.json()) as { recoveryCodes: string[] };
  return { ...member, secret, recoveryCodes };
}

async function passwordStep(member: TestMember, ip?: string) {
  const request = postRequest("/signin", { email: member.email, password: member.password, redirectTo: "/user/contacts" });
  return settle(() => signIn(ip ? routeArgsFrom(ip, request) : routeArgs(request)));
}

function codeStep(cookie: string, code: string, ip?: string) {
  const request = postRequest("/signin/two-factor", { code }, cookie);
  return settle(() => secondStep(ip ? routeArgsFrom(ip, request) : routeArgs(request)));
}

async function halfSignedIn(member: TestMember, ip?: string) {
  const response = await passwordStep(member, ip);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/signin/two-factor");
  return cookiesFrom(response);
}

describe("TOTP codes", () => {
  test("the library gives RFC 6238's SHA-1 test vectors (8 digits)", () => {
    for (const [seconds, code] of RFC_SHA1_VECTORS) {
      expect(TOTP.generate({ secret: Secret.fromLatin1(RFC_KEY), digits: 8, timestamp: seconds * 1000 })).toBe(code);
    }
  });

  test("the 6-digit codes we accept are those vectors' last six digits, in their time step", () => {
    for (const [seconds, code] of RFC_SHA1_VECTORS) {
      expect(matchingStep(RFC_KEY_BASE32, code.slice(2), seconds * 1000)).toBe(Math.floor(seconds / 30));
      expect(matchingStep(RFC_KEY_BASE32, code, seconds * 1000)).toBeNull();
    }
  });

  test("a code is accepted one step either side, not two", () => {
    const [seconds, code] = RFC_SHA1_VECTORS[1];
    const six = code.slice(2);
    expect(matchingStep(RFC_KEY_BASE32, six, (seconds + 30) * 1000)).toBe(Math.floor(seconds / 30));
    expect(matchingStep(RFC_KEY_BASE32, six, (seconds - 30) * 1000)).toBe(Math.floor(seconds / 30));
    expect(matchingStep(RFC_KEY_BASE32, six, (seconds + 61) * 1000)).toBeNull();
    expect(matchingStep(RFC_KEY_BASE32, "123 456", seconds * 1000)).toBeNull();
  });
});

describe("turning two-factor on", () => {
  test("a wrong code keeps the same key and QR code and turns nothing on", async () => {
    const member = await createSignedInMember();
    const page = (await (await settle(() => setupPage(routeArgs(getRequest("/user/settings/security/two-factor", member.cookie))))).json()) as {
      setup: { secret: string; qrSvg: string; appUri: string };
    };
    expect(page.setup.qrSvg).toMatch(/^<svg/);
    // The same account as the QR code, for the app on the phone the page is open on.
    const appUri = new URL(page.setup.appUri);
    expect([appUri.protocol, appUri.host, appUri.searchParams.get("secret"), appUri.searchParams.get("digits")]).toEqual([
      "otpauth:",
      "totp",
      page.setup.secret,
      "6",
    ]);
    const response = await settle(() =>
      setUp(routeArgs(postRequest("/user/settings/security/two-factor", { secret: page.setup.secret, code: "000000" }, member.cookie))),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { setup: { secret: string }; result: { error: Record<string, string[]> } };
    expect(body.setup.secret).toBe(page.setup.secret);
    expect(body.result.error.code[0]).toMatch(/^That code is not right\./);
    expect(await db.selectFrom("two_factor").selectAll().where("user_id", "=", member.id).execute()).toEqual([]);
  });

  test("the right code turns it on and gives ten different recovery codes, stored only hashed", async () => {
    const member = await memberWithTwoFactor();
    expect(member.recoveryCodes).toHaveLength(10);
    expect(new Set(member.recoveryCodes).size).toBe(10);
    for (const code of member.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const stored = await db.selectFrom("two_factor_recovery_codes").select("code_hash").where("user_id", "=", member.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(member.recoveryCodes.some((code) => code_hash.includes(code.replace(/-/g, "")))).toBe(false);
    }
    const settings = (await (await settle(() => settingsLoader(routeArgs(getRequest("/user/settings/security", member.cookie))))).json()) as {
      twoFactor: { enabled: boolean; recoveryCodesLeft: number };
    };
    expect(settings.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  test("a key the member altered is refused", async () => {
    const member = await createSignedInMember();
    const response = await settle(() =>
      setUp(routeArgs(postRequest("/user/settings/security/two-factor", { secret: "not-a-key", code: "123456" }, member.cookie))),
    );
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).secret).toEqual(["The key was changed on the way; please start again."]);
  });
});

describe("signing in with two-factor", () => {
  test("the password alone gives no session: the half-signed-in browser is refused on /user", async () => {
    const member = await memberWithTwoFactor();
    await db.deleteFrom("sessions").where("user_id", "=", member.id).execute();
    const cookie = await halfSignedIn(member);
    expect(await db.selectFrom("sessions").selectAll().where("user_id", "=", member.id).execute()).toEqual([]);
    expect(await getMember(getRequest("/user", cookie))).toBeNull();
    const settings = await settle(() => settingsLoader(routeArgs(getRequest("/user/settings/security", cookie))));
    expect(settings.status).toBe(302);
    expect(settings.headers.get("Location")).toMatch(/^\/signin\?redirectTo=/);
    expect((await settle(() => secondStepPage(routeArgs(getRequest("/signin/two-factor", cookie))))).status).toBe(200);
  });

  test("the code from the app finishes signing in, to where the member was going", async () => {
    const member = await memberWithTwoFactor();
    const cookie = await halfSignedIn(member);
    const response = await codeStep(cookie, nextCode(member.secret));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/contacts");
    const signedIn = cookiesFrom(response, cookie);
    expect(signedIn).not.toContain("__two_factor");
    expect(await getMember(getRequest("/user", signedIn))).toMatchObject({ id: member.id });
    // The challenge is spent: the step cannot be taken again with the old cookie.
    expect((await settle(() => secondStepPage(routeArgs(getRequest("/signin/two-factor", cookie))))).headers.get("Location")).toBe("/signin");
  });

  test("a code is never accepted twice", async () => {
    const member = await memberWithTwoFactor();
    const code = nextCode(member.secret);
    expect((await codeStep(await halfSignedIn(member), code)).status).toBe(302);
    const again = await codeStep(await halfSignedIn(member), code);
    expect(again.status).toBe(400);
    expect((await replyErrors(again)).code).toEqual([WRONG_CODE]);
  });

  test("the confirmation code from setting up cannot be replayed to sign in", async () => {
    const member = await memberWithTwoFactor();
    const response = await codeStep(await halfSignedIn(member), codeFor(member.secret));
    expect(response.status).toBe(400);
  });

  test("a recovery code signs in once, and says how many are left", async () => {
    const member = await memberWithTwoFactor();
    const [first] = member.recoveryCodes;
    const response = await codeStep(await halfSignedIn(member), ` ${first.toUpperCase().replace(/-/g, " ")} `);
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({
      type: "info",
      message: "You signed in with a recovery code; it will not work again. 9 recovery codes are left.",
    });
    const again = await codeStep(await halfSignedIn(member), first);
    expect(again.status).toBe(400);
    expect((await replyErrors(again)).code).toEqual([WRONG_CODE]);
  });

  test("recovery codes are one member's: another member's code does not sign in", async () => {
    const member = await memberWithTwoFactor();
    const other = await memberWithTwoFactor();
    expect(await verifySecondFactor(member.id, other.recoveryCodes[0])).toBeNull();
    expect(await verifySecondFactor(other.id, other.recoveryCodes[0])).toBe("recovery");
  });

  test("wrong codes count with wrong passwords: after five, even the right code waits", async () => {
    const member = await memberWithTwoFactor();
    const ip = "198.51.100.20";
    const cookie = await halfSignedIn(member, ip);
    for (let i = 0; i < 5; i += 1) expect((await codeStep(cookie, "000000", ip)).status).toBe(400);
    const refused = await codeStep(cookie, nextCode(member.secret), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await replyErrors(refused)).code[0]).toMatch(TOO_MANY);
    // A right password does not wipe the count either.
    expect((await passwordStep(member, ip)).status).toBe(429);
  });

  test("an empty code is a message by the field, not a failure counted", async () => {
    const member = await memberWithTwoFactor();
    const response = await codeStep(await halfSignedIn(member), "");
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).code).toEqual(["Please enter the code from your app, or a recovery code."]);
  });

  test("a password reset link sets the password but still asks for the code", async () => {
    const member = await memberWithTwoFactor();
    await requestPasswordReset(member.email, "http://chapter.test");
    const mail = (await listOutbox()).find((message) => message.to === member.email && /reset-password/.test(message.text));
    const token = mail!.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1];
    const password = "a brand new password";
    const response = await settle(() =>
      resetPasswordAction(routeArgs(postRequest(`/reset-password/${token}`, { password, confirmPassword: password }), { token })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin/two-factor");
    const cookie = cookiesFrom(response);
    expect(await getMember(getRequest("/user", cookie))).toBeNull();
    expect(await db.selectFrom("sessions").selectAll().where("user_id", "=", member.id).execute()).toEqual([]);
    const signedIn = await codeStep(cookie, nextCode(member.secret));
    expect(signedIn.headers.get("Location")).toBe("/user");
    expect(await getMember(getRequest("/user", cookiesFrom(signedIn, cookie)))).toMatchObject({ id: member.id });
  });

  test("without a challenge the code page sends the visitor back to sign in", async () => {
    const response = await settle(() => secondStepPage(routeArgs(getRequest("/signin/two-factor"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect((await codeStep("", "123456")).headers.get("Location")).toBe("/signin");
  });
});

describe("managing two-factor in settings", () => {
  test("turning it off needs the password", async () => {
    const member = await memberWithTwoFactor();
    const wrong = await settle(() => turnOff(routeArgs(postRequest("/user/settings/security/two-factor-off", { currentPassword: "not it" }, member.cookie))));
    expect(wrong.status).toBe(400);
    expect((await replyErrors(wrong)).currentPassword).toEqual(["That is not your current password."]);
    const right = await settle(() =>
      turnOff(routeArgs(postRequest("/user/settings/security/two-factor-off", { currentPassword: member.password }, member.cookie))),
    );
    expect(right.status).toBe(302);
    expect(await flashOf(right)).toEqual({ type: "success", message: "Two-factor sign-in is off. You now sign in with your password alone." });
    expect(await db.selectFrom("two_factor_recovery_codes").selectAll().where("user_id", "=", member.id).execute()).toEqual([]);
    const response = await passwordStep(member);
    expect(response.headers.get("Location")).toBe("/user/contacts");
  });

  test("new recovery codes need a code from the app or the password, and the old ones stop working", async () => {
    const member = await memberWithTwoFactor();
    const path = "/user/settings/security/recovery-codes";
    const wrong = await settle(() => codesAction(routeArgs(postRequest(path, { proof: "123456" }, member.cookie))));
    expect(wrong.status).toBe(400);
    expect((await replyErrors(wrong)).proof).toEqual(["That is neither the code your app shows now nor your password."]);

    const byCode = await settle(() => codesAction(routeArgs(postRequest(path, { proof: nextCode(member.secret) }, member.cookie))));
    expect(byCode.status).toBe(200);
    const { recoveryCodes } = (await byCode.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(await verifySecondFactor(member.id, member.recoveryCodes[0])).toBeNull();

    const byPassword = await settle(() => codesAction(routeArgs(postRequest(path, { proof: member.password }, member.cookie))));
    expect(byPassword.status).toBe(200);
    expect(await verifySecondFactor(member.id, recoveryCodes[0])).toBeNull();
  });

  test("turning it on twice does not replace the key", async () => {
    const member = await memberWithTwoFactor();
    const before = await db.selectFrom("two_factor").select("secret").where("user_id", "=", member.id).executeTakeFirstOrThrow();
    const other = Secret.fromLatin1("another key of twenty").base32.slice(0, 32);
    expect(await enableTwoFactor(member.id, other, codeFor(other))).toBe("already-on");
    expect(await db.selectFrom("two_factor").select("secret").where("user_id", "=", member.id).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe("an admin resets two-factor", () => {
  async function anAdmin() {
    const admin = await createSignedInMember();
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
    return admin;
  }
  const resetPath = (memberId: number) => `/user/admin/members/${memberId}/two-factor-reset`;

  test("a member gets 404 from the dialog and the action, and nothing changes", async () => {
    const target = await memberWithTwoFactor();
    const member = await createSignedInMember();
    const params = { memberId: String(target.id) };
    expect((await settle(() => resetLoader(routeArgs(getRequest(resetPath(target.id), member.cookie), params)))).status).toBe(404);
    expect((await settle(() => resetAction(routeArgs(postRequest(resetPath(target.id), {}, member.cookie), params)))).status).toBe(404);
    expect(await db.selectFrom("two_factor").selectAll().where("user_id", "=", target.id).execute()).toHaveLength(1);
  });

  test("the admin's list links to it; resetting turns it off, is recorded and the member is told by e-mail", async () => {
    const admin = await anAdmin();
    const target = await memberWithTwoFactor();
    const list = (await (
      await settle(() => membersLoader(routeArgs(getRequest(`/user/admin/members?q=${encodeURIComponent(target.email)}`, admin.cookie))))
    ).json()) as {
      members: Array<{ id: number; twoFactor: boolean }>;
    };
    expect(list.members).toEqual([expect.objectContaining({ id: target.id, twoFactor: true })]);

    const params = { memberId: String(target.id) };
    const response = await settle(() => resetAction(routeArgs(postRequest(`${resetPath(target.id)}?q=x`, {}, admin.cookie), params)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/admin/members?q=x");
    expect(await flashOf(response)).toEqual({ type: "success", message: `Two-factor sign-in is off for ${target.name}, who has been told by e-mail.` });
    expect(await db.selectFrom("two_factor").selectAll().where("user_id", "=", target.id).execute()).toEqual([]);
    expect(await db.selectFrom("two_factor_resets").select(["admin_id"]).where("user_id", "=", target.id).execute()).toEqual([{ admin_id: admin.id }]);
    const mail = (await listOutbox()).find((message) => message.to === target.email);
    expect(mail?.subject).toMatch(/^Two-factor sign-in was turned off for your .+ account$/);

    const page = (await (await settle(() => resetLoader(routeArgs(getRequest(resetPath(target.id), admin.cookie), params)))).json()) as {
      enabled: boolean;
      lastReset: { admin_name: string };
    };
    expect(page).toMatchObject({ enabled: false, lastReset: { admin_name: admin.name } });
    expect((await passwordStep(target)).headers.get("Location")).toBe("/user/contacts");
  });

  test("an unknown member is a 404", async () => {
    const admin = await anAdmin();
    expect((await settle(() => resetLoader(routeArgs(getRequest(resetPath(999999), admin.cookie), { memberId: "999999" })))).status).toBe(404);
  });
});
