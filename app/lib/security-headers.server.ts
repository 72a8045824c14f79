import type { RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** Stands for the page's script nonce while helmet's policy is worked out (letters only, as
 * helmet's checks of a directive's value require). */
const NONCE_MARK = "chapterNonceMark";

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;

/** What helmet is asked for on every page: the policy (scripts and styles by the page's nonce),
 * no HSTS (see server.ts), the stricter referrer and framing policies. */
export function chapterSecurityOptions({ development, checkoutOrigin }: { development: boolean; checkoutOrigin: string | null }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonceSource],
        // The nonce lets the calendar page's FullCalendar add the <style> it carries its CSS in.
        "style-src": ["'self'", nonceSource],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(development ? ["ws:"] : [])],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        // Without JS, the membership form's answer redirects to the card payment page.
        "form-action": ["'self'", ...(checkoutOrigin ? [checkoutOrigin] : [])],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": null,
      },
    },
    // Plain http on a LAN address must keep working: HSTS only where the proxy says https
    // (server.ts adds it then).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  };
}

/** Browser features no page of the app uses are turned off for every page (helmet sets no
 * Permissions-Policy). The camera stays for the app's own pages: check-in reads a ticket's QR
 * code with it. Only features Chromium knows are named: it warns in the console of every page
 * about any other. */
export const PERMISSIONS_POLICY = [
  "camera=(self)",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "screen-wake-lock=()",
  "xr-spatial-tracking=()",
  "idle-detection=()",
  "browsing-topics=()",
].join(", ");

/**
 * helmet's headers, worked out once: helmet runs a dozen middlewares on every request and
 * writes the Content-Security-Policy anew each time, ~5% of the server's busy time on the home
 * page under load. helmet is asked once, at start, with the nonce a mark; each request then
 * gets the same headers, the policy with its own nonce (`res.locals.cspNonce`) in the mark's
 * place, and `extraHeaders` as they are. Directives whose value depends on the request in any
 * other way are refused.
 */
export function securityHeaders(options: HelmetOptions, extraHeaders: Record<string, string> = {}): RequestHandler {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      return this;
    },
    removeHeader(name: string) {
      removed.add(name);
    },
  };
  let error: unknown = "helmet did not finish synchronously";
  helmet(options)({} as never, recorder as unknown as Response, (failure?: unknown) => (error = failure));
  if (error) throw error instanceof Error ? error : new Error(String(error));

  for (const [name, value] of Object.entries(extraHeaders)) set.set(name, value);
  const headers = [...set].map(([name, value]) => ({ name, parts: value.split(NONCE_MARK) }));
  const stray = headers.find(({ parts }) => parts.some((part) => part.includes("[object") || part.includes("undefined")));
  if (stray) throw new Error(`helmet's ${stray.name} depends on the request: ${stray.parts.join("")}`);
  return (_req, res, next) => {
    const nonce = res.locals.cspNonce as string;
    for (const name of removed) res.removeHeader(name);
    for (const { name, parts } of headers) res.setHeader(name, parts.length === 1 ? parts[0] : parts.join(nonce));
    next();
  };
}
