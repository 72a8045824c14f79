import { z } from "zod";

/** Pieces of zod schema that several areas' forms share (imported by features' schema.ts
 * files only, on the server: zod never reaches the browser). */

/** A free-text field that may be left empty (null then), at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));
