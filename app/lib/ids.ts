/** The largest id a table holds: ids are PostgreSQL `integer`s, which refuse a larger value
 * with an error (a 500) rather than finding nothing. */
const MAX_ID = 2 ** 31 - 1;

/** An id from a route param, a query string or a form field: a positive integer, or null. */
export function parseId(value: unknown): number | null {
  return typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : null;
}
