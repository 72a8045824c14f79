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
 * JSON; Remix form submissions (with or without JS) get Post/Redirect/Get. A request naming a
 * route in `_data` (Remix's data requests before single fetch) is Remix's own, unless it says
 * it is an XMLHttpRequest. */
function wantsJson(request: Request) {
  const accept = request.headers.get("Accept") ?? "";
  if (!accept.includes("application/json")) return false;
  return !new URL(request.url).searchParams.has("_data") || request.headers.get("X-Requested-With") === "XMLHttpRequest";
}

function refererOrHere(request: Request) {
  // A path starting with "//" would be read as another host once it is the Location.
  const sameSite = (url: URL) => !url.pathname.startsWith("//");
  const here = new URL(request.url);
  const referer = request.headers.get("Referer");
  const back = referer && URL.canParse(referer) ? new URL(referer) : null;
  if (back && back.origin === here.origin && sameSite(back)) return back.pathname + back.search;
  return sameSite(here) ? here.pathname : "/";
}

/**
 * The one way an action answers: the notification is flashed and the browser is sent on
 * (to `to`, or back where it came from); the next page shows it, as a toast with JS or as a
 * notice rendered on the server without.
 */
export async function respond(
  request: Request,
  notification: Notification,
  {
    to,
    headers,
    data,
    status,
  }: {
    to?: string;
    headers?: HeadersInit;
    /** Extra fields of the JSON answer (an upload's file …); ignored for form posts. */
    data?: Record<string, unknown>;
    /** Status of the JSON answer (a refused upload is a 4xx). */
    status?: number;
  } = {},
): Promise<Response> {
  const target = to ?? refererOrHere(request);
  if (wantsJson(request)) return json({ ...data, ...notification, url: target }, { headers, status });
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
