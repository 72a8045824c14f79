import { z } from "zod";
import { parseId } from "~/lib/ids";
import { MESSAGE_MAX_LENGTH } from "./constants";

/** The chat send box (SPEC.md §4: Send is enabled only when the text is not empty). */
export const ChatMessageSchema = z.object({
  body: z
    .string({ error: "Write a message first." })
    .trim()
    .min(1, "Write a message first.")
    .max(MESSAGE_MAX_LENGTH, `Use at most ${MESSAGE_MAX_LENGTH} characters.`),
  /** Sent by the form once JavaScript runs: the message comes back as data, not a new page. */
  live: z.literal("1", { error: "live is 1 or absent." }).optional(),
});

/** A message id the table can hold, or 0 (before the first). */
const messageId = z.string().refine((value) => value === "0" || parseId(value) !== null, "Give a message id.");

/** A notification id the table can hold, or 0. */
const notificationId = z.string().refine((value) => value === "0" || parseId(value) !== null, "Give a notification id.");

/**
 * Where a page's live stream (/user/live) starts: the conversation it shows (?chat=, if any),
 * after the message the page shows last (?after=) and the friend request notice it told of last
 * (?notice=); on a reconnect the browser's Last-Event-ID says both, as `<message>.<notice>` (a
 * lone number is a message id).
 */
export const LiveResumeSchema = z.object({
  chat: z.string().optional(),
  after: messageId.optional(),
  notice: notificationId.optional(),
  last_event_id: z
    .string()
    .refine(
      (value) => /^\d+(\.\d+)?$/.test(value) && value.split(".").every((id) => id === "0" || parseId(id) !== null),
      "Give the last event's id as <message>.<notice>.",
    )
    .optional(),
});

/** SPEC.md §7's friend request calls: {friend_user_id}, and where to go after (a path of this site). */
export const FriendCallSchema = z.object({ friend_user_id: z.unknown(), back: z.string().optional().catch(undefined) });

/** The member search's ?q= (the results page and SPEC.md §7's /search_contacts), as typed; the
 * first 200 characters are searched. */
export const MemberSearchQuerySchema = z.object({
  q: z
    .string({ error: "Send the search as text." })
    .optional()
    .transform((value) => (value ?? "").slice(0, 200)),
});

/** The directory setting's form: a hidden 0 and, when the box is ticked, a 1. */
export const DirectorySettingSchema = z.object({ in_directory: z.array(z.enum(["0", "1"])) });
