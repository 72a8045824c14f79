import type { Locator, Page } from "playwright-core";
import { png } from "../fixtures/files";
import { atPath, toast, visit } from "./browser";

/** What a member sets up about themselves before others see it: photos and "Looking for". */

export type Picture = { name: string; mimeType: string; buffer: Buffer };

export async function picture(name: string, colour: { r: number; g: number; b: number }, width = 240, height = 240): Promise<Picture> {
  return { name, mimeType: "image/png", buffer: await png(width, height, colour) };
}

/** Waits until the image has loaded (a broken source has no natural width). */
export async function loaded(image: Locator) {
  await image.waitFor();
  await image.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        const img = element as HTMLImageElement;
        const check = () => (img.complete && img.naturalWidth > 0 ? resolve() : undefined);
        img.addEventListener("load", check);
        img.addEventListener("error", () => reject(new Error(`The image ${img.src} did not load`)));
        check();
      }),
  );
  return image;
}

/** Sets the profile or cover image through /user/settings/photos and waits until it is saved
 * (the line under the form with JS, the next page's notification without). */
export async function setPhoto(page: Page, slot: "Profile image" | "Cover image", file: Picture, javaScript: boolean) {
  await visit(page, "/user/settings/photos");
  const section = page.getByRole("region", { name: slot });
  await section.locator('input[type="file"]').setInputFiles(file);
  const saved = slot === "Profile image" ? "Profile image saved." : "Cover image saved.";
  if (javaScript) {
    await section.locator('[role="status"]').filter({ hasText: saved }).waitFor();
  } else {
    await section.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(atPath("/user/settings/photos"));
    await toast(page, saved);
  }
}

/** Saves the "Looking for" question on /user/settings/profile. */
export async function setLookingFor(page: Page, question: string) {
  await visit(page, "/user/settings/profile");
  await page.getByLabel("Looking for").fill(question);
  await page.getByRole("button", { name: "Save profile" }).click();
  await toast(page, "Profile saved.");
}
