import { z } from "zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

// SPEC.md §3 Invite and §5: the e-mail is required ("Email is required."), then checked on
// the server like a contact's e-mail.
export const InviteSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .toLowerCase()
    .min(1, "Email is required.")
    .max(254, "Please provide a valid email address.")
    .pipe(z.email({ error: "Please provide a valid email address." })),
  name: optionalText(120),
  message: optionalText(1000),
});

export type InviteInput = z.infer<typeof InviteSchema>;
