import { describe, expect, test } from "vitest";
import { addInDialog, dismissToast, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

describe.each(modes)("wish list amounts and achieved wishes $name", ({ javaScript }) => {
  test("a cost typed as 18,000 is saved; an achieved wish says so and is not struck through", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Grace Grouped", email: uniqueEmail("grouped") });
    await visit(page, "/user/wish-list");
    const said = await addInDialog(page, "Add to wish list", "New delivery van", async (dialog) => {
      await dialog.getByLabel("Type", { exact: true }).selectOption({ index: 1 });
      await dialog.getByLabel("Estimated cost", { exact: true }).fill("18,000");
    });
    expect(said).toContain("“New delivery van” added to your wish list.");
    const row = page.getByTestId("wish-list-item").filter({ hasText: "New delivery van" });
    expect(await row.getByRole("cell").nth(2).textContent()).toMatch(/18,000/);

    await row.getByLabel("Status of New delivery van").selectOption({ label: "Achieved" });
    if (!javaScript) await row.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "now achieved")).toContain("New delivery van is now achieved.");
    await dismissToast(page);
    expect(await row.locator(".badge--achieved").textContent()).toContain("Achieved");
    const decoration = await row.getByText("New delivery van", { exact: true }).evaluate((element) => getComputedStyle(element).textDecorationLine);
    expect(decoration).not.toContain("line-through");
  });
});
