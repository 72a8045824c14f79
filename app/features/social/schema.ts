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
