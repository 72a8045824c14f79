import { describe, expect, test } from "vitest";
import { action as forgotPassword } from "~/routes/accounts/signin.forgot-password";
import { action as signUp } from "~/routes/accounts/signup";
import { action as changePassword } from "~/routes/settings/user.settings.security.password";
import { placeErrors } from "~/lib/places.server";
import { listOutbox } from "~/lib/mail.server";
import { createSignedInMember, routeArgs, settle } from "./helpers";

function post(url: string, fields: Record<string, string>, cookie?: string) {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe("links in e-mails", () => {
  test("point to where the admin created the first account, not to the Host of the request that asked", async () => {
    await signUp(
      routeArgs(post("http://club.example:3000/signup", { name: "Admin", email: "admin@example.com", password: "long enough pass", memberType: "investor" })),
    );
    await signUp(
      routeArgs(post("http://club.example:3000/signup", { name: "Bo", email: "bo@example.com", password: "long enough pass", memberType: "investor" })),
    );
    await forgotPassword(routeArgs(post("http://evil.example/signin/forgot-password", { email: "bo@example.com" })));
    const [mail] = await listOutbox();
    expect(mail.to).toBe("bo@example.com");
    expect(mail.text).toMatch(/http:\/\/club\.example:3000\/reset-password\/[\w-]+/);
    expect(mail.text).not.toContain("evil.example");
  });
});

describe("place checks", () => {
  test("a city needs a province", () => {
    expect(placeErrors({ country: "CA", province: null, city: "Toronto" })).toEqual({ city: "Choose a province first." });
    expect(placeErrors({ country: "CA", province: "ON", city: "Toronto" })).toEqual({});
  });
});

describe("change password", () => {
  test("guessing the current password is throttled like signing in", async () => {
    const member = await createSignedInMember();
    const attempt = (current: string) =>
      settle(() =>
        changePassword(
          routeArgs(
            post(
              "http://chapter.test/user/settings/security/password",
              { currentPassword: current, password: "a brand new password", confirmPassword: "a brand new password" },
              member.cookie,
            ),
          ),
        ),
      );
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(400);
    const blocked = await attempt(member.password);
    expect(blocked.status).toBe(400);
    expect(JSON.stringify(await blocked.json())).toContain("Too many failed sign-in attempts");
  });
});
