import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import type { z } from "zod";
import { YEAR_MESSAGE, yearFromAddress } from "./dates";
import { parseId } from "./ids";
import { parseWithZod } from "./parse-form.server";
import { respond } from "./respond.server";
import { safeRedirect } from "./session.server";
import { uploadErrorMessage } from "./uploads.server";

/**
 * The route layer's answers that are not a notification (respond.server.ts has those).
 * Features return plain values (`null` for "not there or not yours"); routes turn them into
 * HTTP with these, so every area answers the same way.
 */

export { parseId };

/** Where a dialog or its action returns to: the form's `back` when given, else the address's
 * `?back=`; a path of this site only, else `fallback`. */
export function backTo(request: Request, fallback: string, given?: FormDataEntryValue | null) {
  return safeRedirect(given ?? new URL(request.url).searchParams.get("back"), fallback);
}

/**
 * A list's GET filter form sent without JavaScript carries every field, the empty ones too
 * (`?q=&industry=Fintech&city=`): throws a redirect to the same address with only the fields
 * that are set, so the address reads and bookmarks the same as the filters chosen. Nothing to
 * clean: returns.
 */
export function redirectWithoutEmptyParams(request: Request) {
  const url = new URL(request.url);
  const params = [...url.searchParams].filter(([name]) => name !== "_data");
  const kept = params.filter(([, value]) => value !== "");
  if (kept.length === params.length) return;
  const query = new URLSearchParams(kept).toString();
  throw redirect(`${url.pathname}${query ? `?${query}` : ""}`);
}

export function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

export function badRequest(message: string): never {
  throw new Response(message, { status: 400 });
}

/** "This member's X or 404": a feature's lookup scoped to the member, null when it is not theirs. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}

/** Looks up by a raw id (param, query or form value) with a member-scoped lookup; 404 otherwise. */
export async function requireFound<T>(raw: unknown, lookup: (id: number) => Promise<T | null | undefined>): Promise<T> {
  const id = parseId(raw);
  return orNotFound(id === null ? null : await lookup(id));
}

/** The one shape of a refused form: conform's reply (shown beside each field), plus extras. */
export function formFailure<T extends Record<string, unknown>>(result: SubmissionResult<string[]>, extra?: T, status = 400) {
  return json({ result, ...(extra ?? ({} as T)) }, { status });
}

/** The same refused-form answer for a field read without conform (a file streamed as it
 * arrives): its message beside that field. */
export function fieldFailure(field: string, message: string, status = 400) {
  return formFailure({ status: "error", error: { [field]: [message] } }, undefined, status);
}

/** The one answer of an upload that was refused: "Upload error: {name}: {message}" as a
 * notification, and the name and error for the upload control (SPEC.md §8). */
export function uploadRefused(request: Request, error: { name: string; message: string }, to?: string) {
  return respond(request, { type: "error", message: uploadErrorMessage(error) }, { to, status: 400, data: { name: error.name, error: error.message } });
}

/** The first message of a refused form, for answers that carry one message only (SPEC.md §7's
 * `{type, message}`, a plain-text check, a JSON `{error}`). */
export function firstError(refused: { error?: Record<string, string[] | null> | null }, fallback = "Please check what you sent.") {
  return (
    Object.values(refused.error ?? {})
      .flat()
      .find(Boolean) ?? fallback
  );
}

/** A query string or form with no form to show its errors beside (SPEC.md §7's calls and
 * lookups) read with its zod schema: the values, or a 400 with the first message. */
export function requireValid<Schema extends z.ZodType>(payload: FormData | URLSearchParams, schema: Schema): z.output<Schema> {
  const submission = parseWithZod(payload, { schema });
  if (submission.status !== "success") badRequest(firstError(submission));
  return submission.value;
}

/** The year a yearly page's address shows: the first of `names` given (an address may spell it
 * several ways), this year when none is; a year out of range is a 400 saying so. */
export function requireYear(params: URLSearchParams, ...names: [string, ...string[]]) {
  const year = yearFromAddress(names.map((name) => params.get(name)).find((value) => value !== null) ?? null);
  if (year === null) badRequest(YEAR_MESSAGE);
  return year;
}

/** A feature's refusal ({status, message}: 400 with its reason, or 404) as the route's answer. */
export function refuse(refusal: { status: 400 | 404; message: string }): never {
  if (refusal.status === 404) notFound();
  badRequest(refusal.message);
}
