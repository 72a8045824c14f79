import { getZodConstraint } from "@conform-to/zod/v4";

type Schema = Parameters<typeof getZodConstraint>[0];

// A schema's HTML constraints never change, yet working them out walks the whole schema (a
// tenth of the sign-in page's loader): once per schema.
const kept = new WeakMap<Schema, ReturnType<typeof getZodConstraint>>();

/** The HTML constraints (required, maxLength, pattern…) conform puts on a schema's fields. */
export function constraintOf(schema: Schema) {
  let constraint = kept.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    kept.set(schema, constraint);
  }
  return constraint;
}
