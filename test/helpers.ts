import type { AppLoadContext } from "@remix-run/node";
import { createMember } from "~/features/members/members.server";
import type { MemberType } from "~/lib/db-schema";
import { db } from "~/lib/db.server";
import { startSession } from "~/lib/session.server";
import { storage } from "~/lib/storage.server";

export const BASE = "http://chapter.test";
export const context: AppLoadContext = { cspNonce: "", clientIp: "203.0.113.7" };

let counter = 0;

export type TestMember = { id: number; name: string; email: string; password: string; cookie: string };

/** A member with a signed-in session; `cookie` goes into requests made as them. */
export async function createSignedInMember(
  overrides: Partial<{ name: string; email: string; password: string; memberType: MemberType }> = {},
): Promise<TestMember> {
  counter += 1;
  const member = {
    name: overrides.name ?? `Member ${counter}`,
    email: overrides.email ?? `member${counter}-${Date.now()}@example.com`,
    password: overrides.password ?? "correct horse battery",
    memberType: overrides.memberType ?? ("entrepreneur" as MemberType),
  };
  const id = await createMember(member);
  const response = await startSession(new Request(`${BASE}/signin`), id, { redirectTo: "/user" });
  return { id, name: member.name, email: member.email, password: member.password, cookie: cookiesFrom(response) };
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(response: Response, previous = "") {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (attributes.some((attribute) => /max-age=0/i.test(attribute.trim())) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function getRequest(path: string, cookie?: string) {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Runs a loader or action and returns the Response it answered or threw. */
export async function settle(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context };
}

/** Loader/action arguments as if the request came from another address. */
export function routeArgsFrom(clientIp: string, request: Request, params: Record<string, string> = {}) {
  return { request, params, context: { ...context, clientIp } };
}

/** The notification a response flashed (what the next page would show), or null. */
export async function flashOf(response: Response) {
  const { takeFlash } = await import("~/lib/respond.server");
  const { notification } = await takeFlash(getRequest("/", cookiesFrom(response)));
  return notification ? { type: notification.type, message: notification.message } : null;
}

/** The session id a Cookie header carries (null when none or forged). */
export async function sessionIdOf(cookie: string) {
  const { getSessionId } = await import("~/lib/session.server");
  return getSessionId(getRequest("/", cookie));
}

/** A conform reply's errors, by field; "" holds the form-level errors. */
export async function replyErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.json()) as { result?: { error?: Record<string, string[] | null> } };
  return Object.fromEntries(Object.entries(body.result?.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
}

/** A Request posting multipart form data (what a browser sends for a file form). */
export function multipartRequest(path: string, fields: Record<string, string>, cookie?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} });
}

export type ContactFields = { name?: string; email?: string | null };

/** A contact of the member's, written straight to the database: a name ("Grace Hopper" unless
 * given) and an e-mail (none unless given). */
export async function contactOf(owner: { id: number }, fields: ContactFields = {}) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("contacts")
    .values({
      owner_id: owner.id,
      name: fields.name ?? "Grace Hopper",
      email: fields.email ?? null,
      is_important: 0,
      created_at: now,
      updated_at: now,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Contacts of the member's with these names, written in one statement (as an import writes
 * them); their ids, in the names' order. */
export async function contactsOf(owner: { id: number }, names: string[]) {
  const now = new Date().toISOString();
  const rows = await db
    .insertInto("contacts")
    .values(names.map((name) => ({ owner_id: owner.id, name, is_important: 0, created_at: now, updated_at: now })) as never)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export { day } from "./fixtures/days";

/** The member's files, oldest first, straight from the database. */
export async function filesOf(member: { id: number }) {
  return db.selectFrom("files").selectAll().where("owner_id", "=", member.id).orderBy("id").execute();
}

/** Two members made friends (or left with a's request pending), straight in the database. */
export async function befriend(a: { id: number }, b: { id: number }, status: "accepted" | "pending" = "accepted") {
  const now = new Date().toISOString();
  await db
    .insertInto("friendships")
    .values({ requester_id: a.id, addressee_id: b.id, status, created_at: now, accepted_at: status === "accepted" ? now : null })
    .execute();
}

/** The bytes the file storage holds under this key. */
export function readStored(key: string) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    storage()
      .read(key)
      .on("data", (chunk) => chunks.push(chunk as Buffer))
      .on("end", () => resolve(Buffer.concat(chunks)))
      .on("error", reject);
  });
}
