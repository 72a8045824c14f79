import { z } from "zod";
import { COMMENT_MAX, MESSAGE_MAX } from "./constants";

// The message may be empty when the post carries photos or videos; the action checks that
// there is one or the other (it knows the files).
export const PostSchema = z.object({
  message: z
    .string()
    .max(MESSAGE_MAX, `Use at most ${MESSAGE_MAX} characters.`)
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n/g, "\n").trim()),
  privacy: z.enum(["public", "friends", "private"], { error: "Choose who may see the post." }),
});

export const CommentSchema = z.object({
  message: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n/g, "\n").trim())
    .refine((value) => value.length > 0, "Write a comment first.")
    .refine((value) => value.length <= COMMENT_MAX, `Use at most ${COMMENT_MAX} characters.`),
});

/** SPEC.md §7 POST /user/upload_post_file/delete {filename}: a file uploaded for a post being written. */
export const PostUploadDeleteSchema = z.object({ filename: z.string() });
