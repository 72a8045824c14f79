import { describe, expect, test } from "vitest";
import { atPath, dismissToast, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

describe.each(modes)("one-to-ones $name", ({ javaScript }) => {
  test("A records a one-to-one with B, B confirms it, each keeps their own notes", async () => {
    const run = `${javaScript ? "js" : "nojs"}${Date.now() % 100000}`;
    const bName = `Bea Partner ${run}`;
    const b = await browser.newPage({ javaScript });
    await signUp(b, { name: bName, email: uniqueEmail("partner") });
    const a = await browser.newPage({ javaScript });
    const aName = `Abe Proposer ${run}`;
    await signUp(a, { name: aName, email: uniqueEmail("proposer") });

    await followNav(a, "One-to-ones");
    await a.waitForURL(atPath("/user/one-to-ones"));
    await hydrated(a);
    await a.getByRole("link", { name: "Record a one-to-one" }).first().click();
    let dialog = a.getByRole("dialog", { name: "Record a one-to-one" });
    await dialog.waitFor();
    await hydrated(a);
    await dialog.getByLabel("Find the member").fill(bName);
    await dialog.getByRole("button", { name: "Search", exact: true }).click();
    await dialog.getByRole("link", { name: bName }).click();
    await a.waitForURL((url) => url.searchParams.has("with"));
    dialog = a.getByRole("dialog", { name: "Record a one-to-one" });
    await dialog.getByTestId("chosen-member").filter({ hasText: bName }).waitFor();
    await hydrated(a);
    await dialog.getByLabel("Where").fill("The club house");
    await dialog.getByLabel("Your notes (optional)").fill("Abe's private note");
    await dialog.getByRole("button", { name: "Record one-to-one" }).click();
    expect(await toast(a, "is recorded")).toContain(`Your one-to-one with ${bName} is recorded: it counts once they confirm it.`);
    await a.waitForURL((url) => /^\/user\/one-to-ones\/\d+$/.test(url.pathname));
    const path = new URL(a.url()).pathname;
    expect(await a.getByTestId("one-to-one-status").textContent()).toBe("Waiting for confirmation");
    await dismissToast(a);

    await visit(b, "/user/one-to-ones");
    await b.getByTestId("one-to-one").filter({ hasText: "Waiting for your confirmation" }).getByRole("link", { name: aName }).click();
    await b.waitForURL(atPath(path));
    await hydrated(b);
    expect(await b.locator("main").textContent()).not.toContain("Abe's private note");
    await b.getByRole("button", { name: "Confirm", exact: true }).click();
    expect(await toast(b, "is confirmed")).toContain(`Your one-to-one with ${aName} is confirmed.`);
    expect(await b.getByTestId("one-to-one-status").textContent()).toBe("Confirmed");
    await dismissToast(b);
    await b.getByLabel("Notes", { exact: true }).fill("Bea's private note");
    await b.getByRole("button", { name: "Save notes" }).click();
    expect(await toast(b, "Your notes are saved.")).toContain("Your notes are saved.");

    await visit(a, path);
    expect(await a.getByTestId("one-to-one-status").textContent()).toBe("Confirmed");
    expect(await a.getByLabel("Notes", { exact: true }).inputValue()).toBe("Abe's private note");
    expect(await a.locator("main").textContent()).not.toContain("Bea's private note");

    const c = await browser.newPage({ javaScript });
    await signUp(c, { name: `Cal Stranger ${run}`, email: uniqueEmail("stranger") });
    expect((await c.goto(path))?.status()).toBe(404);
  });
});
