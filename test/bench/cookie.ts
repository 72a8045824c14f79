import { startSession } from "../../app/lib/session.server.ts";

/** A signed-in member's Cookie header, as the sign-in form would have set it. */
export async function signedInCookie(memberId: number) {
  const signedIn = await startSession(new Request("http://127.0.0.1/signin"), memberId, { redirectTo: "/user" });
  return signedIn.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
}
