import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { compiledOnce, firstRowOf } from "./compiled-query.server";
import { cookieOptionsFor, signedCookie } from "./cookies.server";
import type { Role } from "./db-schema";
import { db, nowIso } from "./db.server";
import { clubTimeZone } from "./club.server";
import { env } from "./env.server";
import { fileUrl } from "./files.server";
import { flashHeaders, type Notification } from "./respond.server";

/** `timeZone`: the zone the member reads times in (theirs, or the club's). */
export type Member = { id: number; name: string; email: string; role: Role; avatarUrl: string | null; timeZone: string };

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

function sessionCookie() {
  return signedCookie("__session", { maxAge: env().SESSION_DAYS * 24 * 60 * 60 });
}

export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

// The root, /user layout and page loaders of one page all ask who the member is; a GET (no
// action runs, so nothing changes the member meanwhile) looks it up once. Each caller gets
// its own copy.
const memberOfRequest = new WeakMap<Request, Promise<Member | null>>();

export function getMember(request: Request): Promise<Member | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpMember(request);
  let member = memberOfRequest.get(request);
  if (!member) {
    member = lookUpMember(request);
    memberOfRequest.set(request, member);
  }
  return member.then((found) => found && { ...found });
}

/** Every signed-in page asks this first. */
const memberOfSession = compiledOnce((sessionId: string, now: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("files", "files.id", "users.profile_image_id")
    .select(["users.id", "users.name", "users.email", "users.role", "users.time_zone", "sessions.last_seen_at", "files.token as avatar_token"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", now)
    .where("users.disabled_at", "is", null),
);

async function lookUpMember(request: Request): Promise<Member | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const now = new Date();
  const row = await firstRowOf(memberOfSession(sessionId, now.toISOString()));
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > LAST_SEEN_RESOLUTION_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", sessionId).execute();
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatarUrl: row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null,
    timeZone: row.time_zone ?? (await clubTimeZone()),
  };
}

/** Where a signed-out visitor was going, kept so that sign-in can bring them back. */
export function signInUrl(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  return `/signin?${params}`;
}

export async function requireMember(request: Request): Promise<Member> {
  const member = await getMember(request);
  if (!member) throw redirect(signInUrl(request));
  return member;
}

export async function requireAdmin(request: Request): Promise<Member> {
  const member = await requireMember(request);
  if (member.role !== "admin") throw new Response("Not found", { status: 404 });
  return member;
}

export async function requireSignedOut(request: Request) {
  if (await getMember(request)) throw redirect("/user");
}

/** Only same-site paths: an open redirect would turn sign-in into a phishing tool. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/user") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  // Browsers drop tabs and newlines inside a URL, so "/\t/evil.example" would be "//evil.example".
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u001F\u007F]/.test(to)) return fallback;
  return to;
}

/** Starts a new session row for the member (the old one, if any, is dropped: sign-in rotates
 * the session) and redirects with the cookie set. */
export async function startSession(
  request: Request,
  memberId: number,
  { redirectTo, notification, clientIp }: { redirectTo: string; notification?: Notification; clientIp?: string },
) {
  const previous = await getSessionId(request);
  if (previous) await db.deleteFrom("sessions").where("id", "=", previous).execute();

  const now = new Date();
  const id = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: memberId,
      user_agent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      ip: clientIp ?? null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + env().SESSION_DAYS * 86_400_000).toISOString(),
    })
    .execute();

  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie().serialize(id, cookieOptionsFor(request)));
  if (notification) headers.append("Set-Cookie", await flashHeaders(request, notification));
  return redirect(redirectTo, { headers });
}

export async function endSession(request: Request, notification?: Notification) {
  const sessionId = await getSessionId(request);
  if (sessionId) await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie().serialize("", { ...cookieOptionsFor(request), maxAge: 0 }));
  if (notification) headers.append("Set-Cookie", await flashHeaders(request, notification));
  return redirect("/", { headers });
}

export async function listSessions(memberId: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", memberId)
    .where("expires_at", ">", nowIso())
    .orderBy("last_seen_at", "desc")
    .execute();
}

export async function endOtherSessions(memberId: number, keepSessionId: string | null) {
  let query = db.deleteFrom("sessions").where("user_id", "=", memberId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends one of the member's sessions; false when it is not theirs (or already gone). */
export async function endSessionOf(memberId: number, sessionId: string) {
  const result = await db.deleteFrom("sessions").where("user_id", "=", memberId).where("id", "=", sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
