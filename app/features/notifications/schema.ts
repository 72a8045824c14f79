import { z } from "zod";

/** The notification settings form: a hidden 0 and, when the box is ticked, a 1. */
export const NotificationSettingsSchema = z.object({ email_notifications: z.array(z.enum(["0", "1"])) });
