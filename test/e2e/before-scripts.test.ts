import { describe, expect, test } from "vitest";
import { addContact, addInDialog, signUp, toast, uniqueEmail, useBrowser, visit, visitBeforeScripts } from "./browser";

// On a slow connection a member types and chooses in the server's HTML before the page's
// JavaScript has run. Once it runs, what they did stays on screen and what follows from it (a
// button enabled, a part of the form shown, the next list filled) is as if they had done it
// then (app/ui/use-field-state.ts). The chat's send box is in social.test.ts.
const browser = useBrowser();

describe("forms used before the JavaScript has run", () => {
  test("keep what the member typed and chose, and act on it once it runs", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Sol Slowline", email: uniqueEmail("slow") });

    // A post: Post is enabled by the message typed before.
    let scriptsRun = await visitBeforeScripts(page, "/user/timeline/post/new");
    let dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill("Typed on the bus");
    await scriptsRun();
    const post = dialog.getByRole("button", { name: "Post", exact: true });
    expect(await post.isEnabled()).toBe(true);
    await post.click();
    expect(await toast(page, "shared")).toContain("Your post is shared.");

    // Editing it: the text changed before stays (React 18.3's hydration would set it back).
    const postId = new URL(page.url()).hash.replace("#post-", "");
    scriptsRun = await visitBeforeScripts(page, `/user/timeline/post/${postId}/edit`);
    dialog = page.getByRole("dialog", { name: "Edit your post" });
    await dialog.getByLabel("Message").fill("Typed on the bus, then mended");
    await scriptsRun();
    expect(await dialog.getByLabel("Message").inputValue()).toBe("Typed on the bus, then mended");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "updated")).toContain("Your post is updated.");
    await page.getByText("Typed on the bus, then mended").waitFor();

    // The membership payment: the plan chosen before stays chosen, and Pay names its price.
    scriptsRun = await visitBeforeScripts(page, "/user/membership/pay");
    dialog = page.getByRole("dialog", { name: "Membership payment" });
    await dialog.getByRole("radio", { name: /Annual Membership/ }).check();
    await scriptsRun();
    expect(await dialog.getByRole("radio", { name: /Annual Membership/ }).isChecked()).toBe(true);
    const pay = dialog.getByRole("button", { name: /^Pay/ });
    expect(await pay.isEnabled()).toBe(true);
    expect(await pay.textContent()).toMatch(/^Pay \$\d+/);

    // A task: the repetition chosen before shows its own part of the form, and only that.
    scriptsRun = await visitBeforeScripts(page, "/user/calendar/new");
    dialog = page.getByRole("dialog", { name: "Add task" });
    await dialog.getByLabel("Repeats").selectOption({ label: "Monthly" });
    await dialog.getByLabel("After a number of times").check();
    await scriptsRun();
    expect(await dialog.getByLabel("Repeats").inputValue()).toBe("monthly");
    expect(await dialog.getByLabel("On a day of the month").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Month", { exact: true }).isVisible()).toBe(false);
    expect(await dialog.getByLabel("Occurrences").isVisible()).toBe(true);
    expect(await dialog.getByLabel("End date").isVisible()).toBe(false);

    // The profile: the country chosen before stays, and its provinces are fetched.
    scriptsRun = await visitBeforeScripts(page, "/user/settings/profile");
    const country = page.getByLabel("Country", { exact: true });
    await country.selectOption({ label: "Canada" });
    await scriptsRun();
    await page.getByLabel("Province", { exact: true }).locator("option", { hasText: "Ontario" }).waitFor({ state: "attached" });
    expect(await country.inputValue()).toBe("CA");
    await page.getByLabel("Province", { exact: true }).selectOption({ label: "Ontario" });
    await page.getByLabel("City", { exact: true }).locator("option", { hasText: "Toronto" }).first().waitFor({ state: "attached" });

    // The member search: what was typed stays in the box.
    scriptsRun = await visitBeforeScripts(page, "/user/friends");
    await page.getByLabel("Find members").fill("Kit");
    await scriptsRun();
    expect(await page.getByRole("combobox", { name: "Find members" }).inputValue()).toBe("Kit");

    // Controls that save as they change have a Save button only without JS, gone once it runs:
    // what was changed before is saved then.
    await addContact(page, "Kit Early");
    scriptsRun = await visitBeforeScripts(page, "/user/contacts");
    await page.getByRole("checkbox", { name: "Mark Kit Early as important" }).check();
    await scriptsRun();
    expect(await toast(page, "important")).toContain("Kit Early is marked important.");
    expect(await page.getByRole("checkbox", { name: "Mark Kit Early as important" }).isChecked()).toBe(true);

    await visit(page, "/user/wish-list");
    await addInDialog(page, "Add to wish list", "Visit Kyoto", (wish) => wish.getByLabel("Type", { exact: true }).selectOption({ label: "Travel" }));
    scriptsRun = await visitBeforeScripts(page, "/user/wish-list");
    await page.getByLabel("Status of Visit Kyoto").selectOption({ label: "Achieved" });
    await scriptsRun();
    expect(await toast(page, "now achieved")).toContain("Visit Kyoto is now achieved.");

    // Saved: the pages loaded afresh show both.
    await visit(page, "/user/contacts");
    expect(await page.getByRole("checkbox", { name: "Mark Kit Early as important" }).isChecked()).toBe(true);
    await visit(page, "/user/wish-list");
    expect(await page.getByLabel("Status of Visit Kyoto").inputValue()).toBe("achieved");
  });
});
