import { isDeepStrictEqual } from "node:util";

/**
 * A loader's data given to Remix as it is, not through json(): a page request then renders it
 * and serialises it once into the page, where json() would stringify it into a Response for
 * the router to parse back (patches/@remix-run+server-runtime+*.patch; a `_data` request
 * still gets JSON). The server renders from this value and the browser hydrates from its
 * JSON, so the two must be the same: no Date, undefined, NaN or class instance. Checked
 * outside production, where the tests call the loaders, and in the production server the
 * end-to-end tests start (CHECK_PAGE_DATA=1).
 */
export function pageData<T>(data: T): T {
  if ((process.env.NODE_ENV !== "production" || process.env.CHECK_PAGE_DATA === "1") && !isDeepStrictEqual(JSON.parse(JSON.stringify(data)), data)) {
    throw new Error(
      `pageData: this data is not the same once through JSON (a Date, undefined, NaN or class instance?): ${JSON.stringify(data)?.slice(0, 200)}`,
    );
  }
  return data;
}
