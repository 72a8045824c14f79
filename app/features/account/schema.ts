import { z } from "zod";

/** Deleting one's account: the password, typed again. */
export const DeleteAccountSchema = z.object({
  password: z.string({ error: "Type your password to delete your account." }).max(200, "That is not your password."),
});
