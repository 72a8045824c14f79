import crypto from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { signedCookie } from "~/lib/cookies.server";

// lib/cookies.server.ts keeps what a Cookie header holds, so that a page does not check the
// same signatures again: what a header reads must not change for it.

afterEach(() => vi.restoreAllMocks());

async function headerOf(name: string, value: string) {
  return (await signedCookie(name).serialize(value)).split(";")[0];
}

describe("signed cookies", () => {
  test("read their value, and only a signed one", async () => {
    const session = await headerOf("__test_session", "session-1");
    const csrf = await headerOf("__test_csrf", "token-1");
    const both = `${session}; ${csrf}; other=1`;
    for (let round = 0; round < 2; round++) {
      expect(await signedCookie("__test_session").parse(both)).toBe("session-1");
      expect(await signedCookie("__test_csrf").parse(both)).toBe("token-1");
      expect(await signedCookie("__test_flash").parse(both)).toBeNull();
      // The value changed in the browser, the signature kept: refused, every time.
      const forged = session.replace(/^__test_session=[^.]+/, `__test_session=${btoa(JSON.stringify("session-2"))}`);
      expect(forged).not.toBe(session);
      expect(await signedCookie("__test_session").parse(forged)).toBeNull();
    }
    expect(await signedCookie("__test_session").parse(null)).toBeNull();
  });

  test("check a header's signature once, then read it from what was kept", async () => {
    const header = await headerOf("__test_once", `value-${Math.random()}`);
    const hmac = vi.spyOn(crypto, "createHmac");
    const first = await signedCookie("__test_once").parse(header);
    const checks = hmac.mock.calls.length;
    expect(checks).toBeGreaterThan(0);
    expect(await signedCookie("__test_once").parse(header)).toBe(first);
    expect(hmac.mock.calls.length).toBe(checks);
  });

  test("keep a bounded number of headers and read each right after many others", async () => {
    const headers = await Promise.all(Array.from({ length: 1_200 }, (_, n) => headerOf("__test_many", `value-${n}`)));
    for (const [n, header] of headers.entries()) expect(await signedCookie("__test_many").parse(header)).toBe(`value-${n}`);
    for (const n of [0, 599, 1_199]) expect(await signedCookie("__test_many").parse(headers[n])).toBe(`value-${n}`);
  });
});
