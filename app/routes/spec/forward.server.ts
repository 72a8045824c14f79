import { json } from "@remix-run/node";
import { badRequest, firstError } from "~/lib/http.server";

/**
 * The request as the product route's handler expects it: the same member, headers and
 * address, with `form` as its body (an address's fields renamed or filled in) and, when
 * given, `back` as the `?back=` the product route reads.
 */
export function forwardedRequest(request: Request, form: FormData, { back }: { back?: FormDataEntryValue | null } = {}) {
  const url = new URL(request.url);
  if (typeof back === "string") url.searchParams.set("back", back);
  const headers = new Headers(request.headers);
  // The new body sets its own (multipart) type and length.
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return new Request(url, { method: request.method, headers, body: form, signal: request.signal });
}

/** The same-site page a call was sent from (its Referer): where the old client's calls
 * returned to, handed to a product route that takes `?back=`. */
export function sentFrom(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  return from.origin === new URL(request.url).origin ? from.pathname + from.search : null;
}

/**
 * SPEC.md §7's calls answer a refusal as a notification, `{type: "error", message}`, where the
 * product's dialogs answer the refused form (formFailure: `{result}`, shown beside the fields).
 * Other answers pass through unchanged. `keepResult` keeps the form's reply beside it.
 */
export async function refusalAsNotification(answer: Response, { keepResult = false } = {}) {
  if (answer.status < 400 || !answer.headers.get("Content-Type")?.includes("application/json")) return answer;
  const body = (await answer.clone().json()) as { type?: string; result?: { error?: Record<string, string[] | null> } };
  if (body.type || !body.result) return answer;
  const notification = { type: "error", message: firstError(body.result) };
  return json(keepResult ? { ...notification, result: body.result } : notification, { status: answer.status });
}

/** The first of the form's fields named (an address may spell one several ways) as the product
 * route's param, read from a copy so that the product's action still reads the body. */
export async function formParam(request: Request, ...names: string[]) {
  const form = await request.clone().formData();
  const value = names.map((name) => form.get(name)).find((entry) => entry !== null);
  // A file where an id belongs is no id at all: refused, not read as "no id given".
  if (value !== undefined && typeof value !== "string") badRequest(`${names[0]} must be text, not a file.`);
  return value;
}
