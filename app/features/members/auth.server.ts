import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyCredentials } from "./members.server";

export class InvalidCredentials extends Error {
  constructor() {
    super("The e-mail or password is not right.");
  }
}

/** remix-auth checks a member's credentials (a rule of the members area, so it lives here);
 * the session itself is infrastructure (lib/session.server.ts). */
export const authenticator = new Authenticator<number>().use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const memberId = await verifyCredentials(email, password);
    if (!memberId) throw new InvalidCredentials();
    return memberId;
  }),
  "form",
);
