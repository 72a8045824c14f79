import { createCookie, type CookieOptions } from "@remix-run/node";
import { secrets } from "./secrets.server";

/** Cookies are marked Secure only when the request came over HTTPS, so signing in also
 * works on plain http on a LAN address. */
export function cookieOptionsFor(request: Request): CookieOptions {
  return { secure: new URL(request.url).protocol === "https:" };
}

// Every page reads the session and anti-forgery cookies, each checked by an HMAC (~3% of a
// page's CPU), and a browser sends the same Cookie header with each request: what a header
// holds is kept, for the most recent headers, by cookie and secret. Only strings and null are
// kept (nothing a caller could change).
const readHeaders = new Map<string, string | null>();
const HEADERS_KEPT = 1_000;

export function signedCookie(name: string, options: CookieOptions = {}) {
  const secret = secrets().sessionSecret;
  const cookie = createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [secret],
    ...options,
  });
  const parse = cookie.parse;
  cookie.parse = async (header, parseOptions) => {
    if (!header || parseOptions) return parse(header, parseOptions);
    const key = `${name}\0${secret}\0${header}`;
    const kept = readHeaders.get(key);
    if (kept !== undefined) return kept;
    const value = await parse(header);
    if (typeof value === "string" || value === null) {
      if (readHeaders.size >= HEADERS_KEPT) readHeaders.delete(readHeaders.keys().next().value!);
      readHeaders.set(key, value);
    }
    return value;
  };
  return cookie;
}
