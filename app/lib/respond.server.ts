import crypto from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { cookieOptionsFor, signedCookie } from "./cookies.server";

export type NotificationType = "success" | "info" | "warning" | "error";
/** SPEC.md §7: every action answers with a type and a message. */
export type Notification = { type: NotificationType; message: string };
export type FlashedNotification = Notification & { id: string };

function flashCookie() {
  return signedCookie("__flash", { maxAge: 60 });
}

export async function flashHeaders(request: Request, notification: Notification) {
  const flashed: FlashedNotification = { ...notification, id: crypto.randomUUID() };
  return flashCookie().serialize(flashed, cookieOptionsFor(request));
}

/** A plain fetch or XMLHttpRequest asking for JSON (uploads, live checks) gets the answer as
 * JSON; Remix form submissions (with or without JS) get Post/Redirect/Get. */
function wantsJson(request: Request) {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !new URL(request.url).searchParams.has("_data");
}

function backTo(request: Request) {
  const referer = request.headers.get("Referer");
  if (referer) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) return url.pathname + url.search;
  }
  return new URL(request.url).pathname;
}

/**
 * The one way an action answers: the notification is flashed and the browser is sent on
 * (to `to`, or back where it came from); the next page shows it, as a toast with JS or as a
 * notice rendered on the server without.
 */
export async function respond(
  request: Request,
  notification: Notification,
  { to, headers }: { to?: string; headers?: HeadersInit } = {},
): Promise<Response> {
  const target = to ?? backTo(request);
  if (wantsJson(request)) return json({ ...notification, url: target }, { headers });
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await flashHeaders(request, notification));
  return redirect(target, { headers: responseHeaders });
}

/** Reads the flashed notification, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{
  notification: FlashedNotification | null;
  headers: HeadersInit;
}> {
  const cookie = flashCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return { notification: null, headers: {} };
  return {
    notification: value as FlashedNotification,
    headers: { "Set-Cookie": await cookie.serialize("", { ...cookieOptionsFor(request), maxAge: 0 }) },
  };
}
