import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./constants";

/** The chat send box (SPEC.md §4: Send is enabled only when the text is not empty). */
export const ChatMessageSchema = z.object({
  body: z
    .string({ error: "Write a message first." })
    .trim()
    .min(1, "Write a message first.")
    .max(MESSAGE_MAX_LENGTH, `Use at most ${MESSAGE_MAX_LENGTH} characters.`),
});

/** SPEC.md §7's friend request calls: {friend_user_id}, and where to go after (a path of this site). */
export const FriendCallSchema = z.object({ friend_user_id: z.unknown(), back: z.string().optional().catch(undefined) });
