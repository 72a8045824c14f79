import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { useServerData } from "./tour-data";

const browser = useBrowser();
const LIST = "/user/contacts";

function field(dialog: Locator, label: string) {
  return dialog.getByLabel(label, { exact: true });
}

async function storedContact(id: number) {
  useServerData();
  const { db } = await import("~/lib/db.server");
  return db
    .selectFrom("contacts")
    .select(["name", "email", "phone", "occupation", "country", "province", "city"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe.each(modes)("the contact form $name", ({ javaScript }) => {
  test("editing the occupation of a contact with a city and no province keeps the city", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("keeps-city");
    await signUp(page, { name: "Kemi Keeps", email });
    useServerData();
    const { db } = await import("~/lib/db.server");
    const { memberIdByEmail } = await import("~/features/members/members.server");
    const ownerId = (await memberIdByEmail(email))!;
    const at = new Date().toISOString();
    const { id } = await db
      .insertInto("contacts")
      .values({
        owner_id: ownerId,
        is_important: 0,
        name: "Tunde Bakare",
        country: "NG",
        city: "Lagos",
        occupation: "Warehouse manager",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    await visit(page, `${LIST}/edit/${id}`);
    const dialog = page.getByRole("dialog", { name: "Edit Tunde Bakare" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await field(dialog, "City").inputValue()).toBe("Lagos");
    await field(dialog, "Occupation or position").fill("Operations director");
    await dialog.getByRole("button", { name: "Save contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "saved")).toContain("Contact saved.");
    expect(await storedContact(id)).toMatchObject({ occupation: "Operations director", country: "NG", province: null, city: "Lagos" });
  });

  test("a contact with only a name and a phone is added (the e-mail is not required)", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Noor Noemail", email: uniqueEmail("no-email") });
    await visit(page, `${LIST}/add`);
    const dialog = page.getByRole("dialog", { name: "Add a contact" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await field(dialog, "E-mail").getAttribute("required")).toBeNull();
    await field(dialog, "Name").fill("Only Phone");
    await dialog.getByText("More details", { exact: true }).click();
    await field(dialog, "Phone").fill("+1 416 555 0123");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
    const id = Number(new URL(page.url()).searchParams.get("cicid"));
    expect(await storedContact(id)).toMatchObject({ name: "Only Phone", email: null, phone: "+14165550123" });
  });
});
