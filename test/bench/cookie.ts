import { csrfToken } from "../../app/lib/csrf.server.ts";
import { startSession } from "../../app/lib/session.server.ts";

/**
 * A signed-in member's Cookie header, as a browser holds it after signing in: the session
 * cookie the sign-in form set, and the anti-forgery cookie the sign-in page had issued (the
 * form could not be sent without it). Without the second, every page would issue and sign a
 * new token: a first visit's cost, which a member's browser pays once.
 */
export async function signedInCookie(memberId: number) {
  const signedIn = await startSession(new Request("http://127.0.0.1/signin"), memberId, { redirectTo: "/user" });
  const { setCookie: antiForgery } = await csrfToken(new Request("http://127.0.0.1/signin"));
  return [...signedIn.headers.getSetCookie(), antiForgery ?? ""]
    .map((header) => header.split(";")[0])
    .filter(Boolean)
    .join("; ");
}
