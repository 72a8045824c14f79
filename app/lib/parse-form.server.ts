import { parseWithZod as conformParse } from "@conform-to/zod/v4";

/** The submission without NUL characters in its text (files as sent): no field means one
 * (nul-free.server.ts, which keeps them out of the database whatever the path). */
function withoutNul<Payload extends FormData | URLSearchParams>(payload: Payload): Payload {
  let found = false;
  for (const [, value] of payload) {
    if (typeof value === "string" && value.includes("\0")) {
      found = true;
      break;
    }
  }
  if (!found) return payload;
  const clean = (value: FormDataEntryValue) => (typeof value === "string" ? value.replaceAll("\0", "") : value);
  if (payload instanceof URLSearchParams) return new URLSearchParams([...payload].map(([name, value]) => [name, clean(value) as string])) as Payload;
  const cleaned = new FormData();
  for (const [name, value] of payload) cleaned.append(name, clean(value));
  return cleaned as Payload;
}

/**
 * conform's parseWithZod, the submission's text first taken without NULs: a field of nothing
 * but NULs is then empty and gets its field's own "… is required", where it would have been
 * saved empty. Every form's validation comes through here (test/structure.test.ts).
 */
export const parseWithZod = ((payload: FormData | URLSearchParams, options: Parameters<typeof conformParse>[1]) =>
  conformParse(withoutNul(payload), options)) as typeof conformParse;
