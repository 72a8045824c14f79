import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Gives the page a phone's poor connection, so that an upload of a megabyte or two takes
 * seconds and its progress can be watched; the returned function restores full speed. */
export async function slowConnection(context: BrowserContext, page: Page, kbPerSecond = { down: 200, up: 100 }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: kbPerSecond.down * 1024,
    uploadThroughput: kbPerSecond.up * 1024,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

/** Waits until the "Uploading N%" that `progress` shows counts up, and checks it is not done. */
export async function expectUploadCountingUp(progress: Locator) {
  const percent = async () => Number(/Uploading (\d+)%/.exec((await progress.textContent()) ?? "")?.[1]);
  const early = await percent();
  await expect.poll(percent, { timeout: 30_000, interval: 50 }).toBeGreaterThan(early);
  expect(await percent()).toBeLessThan(100);
}
