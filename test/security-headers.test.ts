import type { Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import { expect, test } from "vitest";
import { chapterSecurityOptions, securityHeaders } from "~/lib/security-headers.server";

type Recorded = { headers: Record<string, string>; removed: string[]; next: number };

function recordingResponse(nonce: string) {
  const recorded: Recorded = { headers: {}, removed: [], next: 0 };
  const res = {
    locals: { cspNonce: nonce },
    setHeader(name: string, value: unknown) {
      recorded.headers[name] = String(value);
      return this;
    },
    removeHeader(name: string) {
      recorded.removed.push(name);
    },
  };
  return { res: res as unknown as Response, recorded };
}

const SERVERS = chapterSecurityOptions({ development: false, checkoutOrigin: "https://checkout.example.com" });

const OPTION_SETS: Record<string, HelmetOptions> = {
  "helmet's defaults": {},
  "the server's": SERVERS,
  "the server's in development": chapterSecurityOptions({ development: true, checkoutOrigin: null }),
};

for (const [label, options] of Object.entries(OPTION_SETS)) {
  test(`the same headers as helmet, each request with its own nonce: ${label}`, () => {
    const middleware = securityHeaders(options);
    for (const nonce of ["bm9uY2Ux", "c2Vjb25kK25vbmNlLw=="]) {
      const ours = recordingResponse(nonce);
      middleware({} as never, ours.res, () => void ours.recorded.next++);
      const helmets = recordingResponse(nonce);
      helmet(options)({} as never, helmets.res, () => void helmets.recorded.next++);
      expect(ours.recorded).toEqual(helmets.recorded);
      expect(ours.recorded.next).toBe(1);
    }
  });
}

test("the nonce lands where the policy asks for it", () => {
  const { res, recorded } = recordingResponse("abc123");
  securityHeaders(SERVERS)({} as never, res, () => {});
  expect(recorded.headers["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-abc123';style-src 'self' 'nonce-abc123'");
  expect(recorded.headers["Content-Security-Policy"]).toContain("form-action 'self' https://checkout.example.com");
  expect(recorded.headers["Content-Security-Policy"]).not.toContain("chapterNonceMark");
});

test("a directive that reads anything else of the request is refused at start", () => {
  const options = { contentSecurityPolicy: { directives: { "script-src": ["'self'", (req: unknown) => `https://${(req as { hostname: string }).hostname}`] } } };
  expect(() => securityHeaders(options)).toThrow(/depends on the request/);
});
