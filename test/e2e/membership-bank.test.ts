import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { admin, atPath, baseURL, detail, hydrated, modes, signInHome, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { formatDate } from "~/lib/format";

// The e2e server has no Stripe keys: memberships are paid by bank transfer, which the admin
// confirms when the money arrives.

const browser = useBrowser();

/** The last day of an annual membership starting today (UTC): the day before the same date
 * next year (one starting on 29 February runs to the end of February). */
function annualEnd(from = new Date()) {
  const [year, month, day] = [from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()];
  const lastDay = new Date(Date.UTC(year + 1, month + 1, 0)).getUTCDate();
  const end = day > lastDay ? Date.UTC(year + 1, month, lastDay) : Date.UTC(year + 1, month, day) - 86_400_000;
  return new Date(end).toISOString().slice(0, 10);
}

/** As the admin, opens Admin → Payments and searches for `q`. */
async function searchPayments(page: Page, q: string) {
  await visit(page, "/user/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payments" }).click();
  await page.waitForURL(atPath("/user/admin/payments"));
  await hydrated(page);
  await page.getByLabel("Reference, name or e-mail").fill(q);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL((url) => url.pathname === "/user/admin/payments" && url.searchParams.get("q") === q);
}

describe.each(modes)("membership by bank transfer $name", ({ javaScript }) => {
  test("a member orders a package, the admin marks the transfer paid, and the membership shows", async () => {
    const email = uniqueEmail("bank");
    const name = `Bianca ${javaScript ? "Script" : "Plain"} Transfer`;
    const member = await browser.newPage({ javaScript });
    await signUp(member, { name, email });

    await visit(member, "/user/membership");
    await member.getByText("You have no paid membership yet.").waitFor();
    const elite = member.getByRole("row").filter({ has: member.getByRole("rowheader", { name: "Elite", exact: true }) });
    await elite.getByRole("link", { name: "Choose" }).click();
    await member.waitForURL(atPath("/user/membership/pay"));
    const dialog = member.getByRole("dialog", { name: "Membership payment" });
    await dialog.waitFor();
    await hydrated(member);
    expect(await dialog.getByRole("radio", { name: "Elite", exact: true }).isChecked()).toBe(true);

    const pay = dialog.getByRole("button", { name: /^Pay/ });
    if (javaScript) {
      // SPEC.md: the button stays disabled until a plan is chosen.
      expect(await pay.isDisabled()).toBe(true);
      await dialog.getByRole("radio", { name: /Monthly Membership/ }).check();
      expect(await pay.textContent()).toBe("Pay $60");
      expect(await pay.isEnabled()).toBe(true);
      await dialog.getByRole("radio", { name: /Annual Membership/ }).check();
      expect(await pay.textContent()).toBe("Pay $500");
    } else {
      // Without JavaScript the server refuses the form and says why.
      await pay.click();
      await member.waitForURL(atPath("/user/membership/pay"));
      const again = member.getByRole("dialog", { name: "Membership payment" });
      await again.getByText("Choose monthly or annual membership.").waitFor();
      await again.getByRole("radio", { name: /Annual Membership/ }).check();
    }
    await member.getByRole("dialog", { name: "Membership payment" }).getByRole("button", { name: /^Pay/ }).click();

    // The order page: bank details and the reference to put on the transfer.
    await member.waitForURL((url) => /^\/user\/payments\/CH-[A-Z2-9]{8}$/.test(url.pathname));
    const reference = (await member.getByTestId("payment-reference").textContent()) ?? "";
    expect(new URL(member.url()).pathname).toBe(`/user/payments/${reference}`);
    expect(await member.getByTestId("payment-status").textContent()).toBe("Waiting for payment");
    await member.getByRole("heading", { name: "Pay by bank transfer" }).waitFor();
    expect(await member.getByText(`with the reference ${reference}`).count()).toBe(1);

    // The admin finds the order and marks it paid through the confirm dialog.
    const page = await browser.newPage({ javaScript });
    await signInHome(page, admin);
    await searchPayments(page, reference);
    const rows = page.getByTestId("payment-row");
    await rows.filter({ hasText: reference }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toContain(email);
    expect(await row.textContent()).toContain("Waiting for payment");
    expect(await row.textContent()).toContain("$500");

    await row.getByRole("link", { name: `Mark paid: ${reference}` }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure this transfer has arrived? Marking it paid activates the membership.");
    expect(await confirm.textContent()).toContain(name);
    await confirm.getByRole("button", { name: "Yes, mark it paid" }).click();
    const paidUntil = annualEnd();
    expect(await toast(page, "marked paid")).toContain(`Order ${reference} is marked paid. The Elite membership is paid until ${formatDate(paidUntil)}.`);
    await page.waitForURL((url) => url.pathname === "/user/admin/payments" && url.searchParams.get("q") === reference);
    await rows.filter({ hasText: "Paid on" }).waitFor();
    expect(await row.getByRole("link", { name: `Mark paid: ${reference}` }).count()).toBe(0);

    // The export with the same filters holds the paid order.
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    expect(await exportLink.getAttribute("href")).toBe(`/user/admin/payments.csv?q=${reference}`);
    const csv = await page.request.get(`${baseURL}/user/admin/payments.csv?q=${reference}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${reference},.*,paid,bank_transfer,${name},${email},membership,elite,annual,500\\.00,USD,$`));

    // The member sees the membership, and the badge on their home page.
    await visit(member, "/user/membership");
    expect(await detail(member, "Package").textContent()).toBe("Elite");
    expect(await detail(member, "Paid until").textContent()).toBe(formatDate(paidUntil));
    await visit(member, "/user");
    await member.getByRole("heading", { name: `Welcome, ${name}` }).waitFor();
    expect(await member.locator(".profile-identity .badge--package").textContent()).toBe("Elite");
  });
});

describe("a tampered membership payment", () => {
  test("an amount that is not the package's price is refused and no order is made", async () => {
    const email = uniqueEmail("tamper");
    const member = await browser.newPage({ javaScript: false });
    await signUp(member, { name: "Tom Tamper", email });
    await visit(member, "/user/membership/pay?package=elite");
    const csrf = await member.locator('input[name="csrf"]').first().inputValue();
    expect(csrf).not.toBe("");

    // What a member editing the form's hidden amount would send (with their own cookies).
    const response = await member.request.post(`${baseURL}/user/membership/pay?package=elite`, {
      form: { csrf, package_type: "elite", MemberShip: "annual", amount: "1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("The amount does not match the price of this package. Reload the page and try again.");

    const page = await browser.newPage({ javaScript: false });
    await signInHome(page, admin);
    await searchPayments(page, email);
    await page.getByText("No payments match these filters.").waitFor();
    expect(await page.getByTestId("payment-row").count()).toBe(0);
  });
});
