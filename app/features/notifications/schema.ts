import { z } from "zod";

/** The notification settings form: for each box a hidden 0 and, when it is ticked, a 1. A box
 * missing from the form (an older page) leaves its setting as it is. */
export const NotificationSettingsSchema = z.object({
  email_notifications: z.array(z.enum(["0", "1"])),
  weekly_digest: z.array(z.enum(["0", "1"])),
});
