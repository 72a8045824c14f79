import { z } from "zod";
import { idField } from "~/lib/schema-fields";
import { COMMENT_MAX, MESSAGE_MAX } from "./constants";

/** A field sent once or several times (with or without `[]` in its name): always a list. */
function oneOrMany<Item extends z.ZodType>(item: Item) {
  return z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));
}

// The message may be empty when the post carries photos or videos; the action checks that
// there is one or the other (it knows the files).
export const PostSchema = z.object({
  message: z
    .string()
    .max(MESSAGE_MAX, `Use at most ${MESSAGE_MAX} characters.`)
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n/g, "\n").trim()),
  privacy: z.enum(["public", "friends", "private"], { error: "Choose who may see the post." }),
  // With JavaScript the photos and videos were uploaded one by one already and come as their
  // names (`files[]`); an edit names the files it keeps by id (`not_deleted_files[]`).
  files: oneOrMany(z.string({ error: "Upload the photos and videos again." })),
  not_deleted_files: oneOrMany(idField("Reload the post and try again.")),
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
