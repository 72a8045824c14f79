import { z } from "zod";
import { optionalText } from "~/lib/schema-fields";

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

const contactId = z.string({ error: "contact_id is a contact's id." }).optional();
const backPath = z.string({ error: "back is a path of this site." }).optional();

/** SPEC.md §7 POST /user/invite_about: the contact and the name and e-mail to prefill its
 * invite form with (checked when the form is sent), and where the form returns to. */
export const InviteAboutSchema = z.object({
  contact_id: contactId,
  contact_email: optionalText(254),
  contact_name: optionalText(120),
  back: backPath,
});

/** SPEC.md §7 POST /user/reinvite {contact_id}, and where to go after (a path of this site). */
export const ReinviteSchema = z.object({ contact_id: contactId, back: backPath });
