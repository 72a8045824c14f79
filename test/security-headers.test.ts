import type { Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import { expect, test } from "vitest";
import { chapterSecurityOptions, PERMISSIONS_POLICY, securityHeaders } from "~/lib/security-headers.server";

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
  const options = {
    contentSecurityPolicy: { directives: { "script-src": ["'self'", (req: unknown) => `https://${(req as { hostname: string }).hostname}`] } },
  };
  expect(() => securityHeaders(options)).toThrow(/depends on the request/);
});

test("the permissions policy turns off what the app does not use, and the pages carry it", () => {
  const features = Object.fromEntries(PERMISSIONS_POLICY.split(", ").map((entry) => entry.split("=")));
  for (const feature of ["microphone", "geolocation", "payment", "usb", "serial", "hid", "midi", "display-capture"]) {
    expect(features[feature], feature).toBe("()");
  }
  // Check-in reads a ticket's QR code with the camera, on the app's own page only.
  expect(features.camera).toBe("(self)");

  const { res, recorded } = recordingResponse("abc123");
  securityHeaders(SERVERS, { "Permissions-Policy": PERMISSIONS_POLICY })({} as never, res, () => {});
  expect(recorded.headers["Permissions-Policy"]).toBe(PERMISSIONS_POLICY);
  expect(recorded.headers["Content-Security-Policy"]).toContain("'nonce-abc123'");
});
