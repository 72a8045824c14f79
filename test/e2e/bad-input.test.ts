import { describe, expect, test } from "vitest";
import { signUp, uniqueEmail, useBrowser, visit } from "./browser";

// Inputs a member (or a tampered form) can send that once answered 500 or lost what was typed.

const browser = useBrowser();

describe("bad input gets the form again with a message, never a 500", () => {
  test("an unknown membership package: the payment form again, the message beside the choices", async () => {
    const page = await browser.newPage({ javaScript: false });
    await signUp(page, { name: "Tampering Tom", email: uniqueEmail("bad-input") });
    await visit(page, "/user/membership/pay?package=elite");
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute("value");
    const response = await page.request.post("/user/membership/pay?package=elite", {
      form: { csrf: csrf ?? "", package_type: "x", MemberShip: "monthly" },
      maxRedirects: 0,
    });
    const html = await response.text();
    expect(html).not.toContain("Something went wrong");
    expect(response.status()).toBe(400);
    await page.setContent(html);
    const packages = page.getByRole("group", { name: "Package" });
    expect(await packages.getByText("Choose a membership package.").count()).toBe(1);
    // The plan the member chose is still chosen.
    expect(await page.getByRole("radio", { name: /Monthly Membership/ }).isChecked()).toBe(true);
  });
});
