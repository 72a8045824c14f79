import { describe, expect, test } from "vitest";
import {
  atPath,
  formError,
  hydrated,
  modes,
  PASSWORD,
  routePath,
  signIn,
  signOut,
  signUp,
  submitSignIn,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

const browser = useBrowser();

describe.each(modes)("accounts $name", ({ javaScript }) => {
  test("a member signs up, signs out and signs in again", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("auth");

    await signUp(page, { name: "Grace Hopper", email });
    expect(await toast(page, "Welcome to Chapter")).toContain("Welcome to Chapter, Grace Hopper!");
    await page.getByRole("heading", { name: "Welcome, Grace Hopper" }).waitFor();

    await hydrated(page);
    await signOut(page);
    expect(await toast(page, "signed out")).toContain("You are signed out.");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    expect(await page.getByRole("button", { name: "Sign out", exact: true }).count()).toBe(0);

    await signIn(page, { email });
    await page.waitForURL(atPath("/user"));
    await page.getByRole("heading", { name: "Welcome, Grace Hopper" }).waitFor();
  });

  test("a wrong password is answered next to the form, and nobody is signed in", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("wrong");
    await signUp(page, { name: "Wrong Password", email });
    await signOut(page);

    await signIn(page, { email, password: "not the password" });
    expect(await formError(page, "not right")).toContain("The e-mail or password is not right.");
    expect(new URL(page.url()).pathname).toBe("/signin");

    const response = await page.goto("/user");
    await page.waitForURL(atPath("/signin"));
    expect(response?.url()).toContain("/signin?redirectTo=%2Fuser");
  });

  test("a member sent to sign in from a member page is brought back to it", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("back");
    await signUp(page, { name: "Coming Back", email });
    await signOut(page);

    await visit(page, "/user/settings/profile");
    expect(new URL(page.url()).pathname).toBe("/signin");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/user/settings/profile");

    await submitSignIn(page, { email, password: PASSWORD });
    await page.waitForURL(atPath("/user/settings/profile"));
    await page.getByRole("button", { name: "Save profile" }).waitFor();
  });
});

describe.each(modes)("sign-in throttle $name", ({ javaScript }) => {
  test("after five wrong passwords even the right one is refused for a while", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("throttle");
    await signUp(page, { name: "Throttled Member", email });
    await signOut(page);
    await visit(page, "/signin");

    const attempt = async (password: string) => {
      const answered = page.waitForResponse((response) => response.request().method() === "POST" && routePath(response.url()) === "/signin");
      await submitSignIn(page, { email, password });
      return (await answered).status();
    };

    for (let failure = 1; failure <= 5; failure += 1) {
      expect(await attempt(`wrong password ${failure}`)).toBe(400);
      expect(await formError(page, "not right")).toContain("The e-mail or password is not right.");
    }

    expect(await attempt(PASSWORD)).toBe(429);
    expect(await formError(page, "Too many")).toMatch(/^Too many failed sign-in attempts\. Please wait 1[45] minutes and try again, or reset your password\.$/);
    expect(new URL(page.url()).pathname).toBe("/signin");
    await page.goto("/user");
    await page.waitForURL(atPath("/signin"));
  });
});
