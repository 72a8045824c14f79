import { createCookie, type CookieOptions } from "@remix-run/node";
import { secrets } from "./secrets.server";

/** Cookies are marked Secure only when the request came over HTTPS, so signing in also
 * works on plain http on a LAN address. */
export function cookieOptionsFor(request: Request): CookieOptions {
  return { secure: new URL(request.url).protocol === "https:" };
}

export function signedCookie(name: string, options: CookieOptions = {}) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [secrets().sessionSecret],
    ...options,
  });
}
