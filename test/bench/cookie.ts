import { csrfToken } from "../../app/lib/csrf.server.ts";
import { startSession } from "../../app/lib/session.server.ts";

/**
 * A signed-in member's cookies, as a browser holds them after signing in: the session cookie
 * the sign-in form set, and the anti-forgery cookie the sign-in page had issued (the form could
 * not be sent without it); and that cookie's token, which the member's forms send. Without the
 * anti-forgery cookie every page would issue and sign a new token: a first visit's cost, which
 * a member's browser pays once.
 */
export async function signedIn(memberId: number) {
  const session = await startSession(new Request("http://127.0.0.1/signin"), memberId, { redirectTo: "/user" });
  const antiForgery = await csrfToken(new Request("http://127.0.0.1/signin"));
  const cookies = [...session.headers.getSetCookie(), antiForgery.setCookie!].map((header) => header.split(";")[0]);
  return { cookie: cookies.join("; "), csrfToken: antiForgery.token };
}

/** A signed-in member's Cookie header (`signedIn`). */
export async function signedInCookie(memberId: number) {
  return (await signedIn(memberId)).cookie;
}
