import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyCredentials } from "~/features/members/members.server";

export class InvalidCredentials extends Error {
  constructor() {
    super("The e-mail or password is not right.");
  }
}

/** remix-auth checks the credentials; the session itself is ours (lib/session.server.ts). */
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
