import type { Page, Response } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, detail, fieldErrors, modes, routePath, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

/** Waits until the select offers the option (after a refill, or on the refreshed page), then
 * chooses it. */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.locator("option", { hasText: option }).first().waitFor({ state: "attached" });
  await select.selectOption({ label: option });
}

/** For page.waitForResponse: a request to this resource route with these parameters. */
function ajax(pathname: string, params: Record<string, string>) {
  return (response: Response) => {
    const url = new URL(response.url());
    return routePath(url) === pathname && Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value);
  };
}

/** Without JS the lower selects are refilled by posting the form (saving nothing). */
async function showProvincesAndCities(page: Page) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Show provinces and cities" }).click();
  expect((await answered).status()).toBe(200);
}

describe.each(modes)("profile $name", ({ javaScript }) => {
  test("a member fills in the profile, with a country, province and city", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Pat Profile", email: uniqueEmail("profile") });
    await visit(page, "/user/settings/profile");
    const refresh = page.getByRole("button", { name: "Show provinces and cities" });
    if (javaScript) await refresh.waitFor({ state: "detached" });
    else expect(await refresh.count()).toBe(1);

    await page.getByLabel("Occupation or position", { exact: true }).fill("Logistics manager");
    await page.getByLabel("Industry", { exact: true }).fill("Transport");
    await page.getByLabel("Business", { exact: true }).fill("Northern Freight");
    await page.getByLabel("Business type", { exact: true }).fill("Cooperative");
    await page.getByLabel("Looking for", { exact: true }).fill("A co-founder in logistics");

    // With JS, changing a select fetches the next one's options from the ajax routes.
    const provincesFetched = javaScript ? page.waitForResponse(ajax("/user/ajax/get-province-by-countryId", { country_id: "CA" })) : null;
    await choose(page, "Country", "Canada");
    if (provincesFetched) expect((await provincesFetched).status()).toBe(200);
    else await showProvincesAndCities(page);

    const citiesFetched = javaScript ? page.waitForResponse(ajax("/user/ajax/get-city-by-regionId", { country_id: "CA", region_id: "ON" })) : null;
    await choose(page, "Province", "Ontario");
    if (citiesFetched) expect((await citiesFetched).status()).toBe(200);
    else await showProvincesAndCities(page);
    await choose(page, "City", "Toronto");
    // Refreshing the places (without JS) keeps what was typed.
    expect(await page.getByLabel("Occupation or position", { exact: true }).inputValue()).toBe("Logistics manager");
    expect(await page.getByLabel("Country", { exact: true }).inputValue()).toBe("CA");
    expect(await page.getByLabel("Province", { exact: true }).inputValue()).toBe("ON");

    await page.getByRole("button", { name: "Save profile" }).click();
    expect(await toast(page, "saved")).toContain("Profile saved.");
    await page.waitForURL(atPath("/user/settings/profile"));
    expect(await page.getByLabel("City", { exact: true }).inputValue()).toBe("Toronto");

    await visit(page, "/user");
    expect(await detail(page, "Occupation or position").textContent()).toBe("Logistics manager");
    expect(await detail(page, "Industry").textContent()).toBe("Transport");
    expect(await detail(page, "Business").textContent()).toBe("Northern Freight · Cooperative");
    expect(await detail(page, "Location").textContent()).toBe("Toronto, Ontario, Canada");
    expect(await detail(page, "Looking for").textContent()).toBe("A co-founder in logistics");
    // Complete, the details are folded under "Your details", a tap away, so that the page leads
    // with what is new.
    expect(await page.getByText("Logistics manager").isVisible()).toBe(false);
    await page.getByText("Your details", { exact: true }).click();
    await page.getByText("Logistics manager").waitFor();
  });

  test("an empty name is refused next to the field and nothing is saved", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Kept Name", email: uniqueEmail("noname") });
    await visit(page, "/user/settings/profile");

    const name = page.getByLabel("Name", { exact: true });
    await name.fill("");
    await page.getByLabel("Occupation or position", { exact: true }).fill("Not saved");
    await page.getByRole("button", { name: "Save profile" }).click();
    expect(await fieldErrors(name)).toContain("Name is required.");
    expect(new URL(page.url()).pathname).toBe("/user/settings/profile");
    expect(await page.getByTestId("toast").count()).toBe(0);

    await visit(page, "/user");
    await page.getByRole("heading", { name: "Welcome, Kept Name" }).waitFor();
    expect(await detail(page, "Occupation or position").textContent()).toBe("—");
  });
});
