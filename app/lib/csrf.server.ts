import crypto from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { cookieOptionsFor, signedCookie } from "./cookies.server";
import { randomText } from "./random.server";

export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "X-CSRF-Token";

function csrfCookie() {
  return signedCookie("__csrf");
}

async function cookieToken(request: Request): Promise<string | null> {
  const value = await csrfCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The visitor's anti-forgery token, and a Set-Cookie header when it had to be issued. */
export async function csrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const existing = await cookieToken(request);
  if (existing) return { token: existing, setCookie: null };
  const token = randomText(32);
  return { token, setCookie: await csrfCookie().serialize(token, cookieOptionsFor(request)) };
}

const FIRST_PART_LIMIT = 16 * 1024;

/**
 * Multipart bodies can be large uploads, so only their beginning is read (from a clone: the
 * action still gets the whole body): the token must be the first field, which it is when
 * <CsrfInput /> comes first in the form. Scripts send the X-CSRF-Token header instead.
 */
async function firstMultipartField(request: Request, name: string): Promise<string | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(request.headers.get("Content-Type") ?? "");
  const reader = request.clone().body?.getReader();
  if (!boundary || !reader) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < FIRST_PART_LIMIT) {
      const { done, value } = await reader.read();
      if (value) text += decoder.decode(value, { stream: true });
      const start = text.indexOf(delimiter);
      const end = start === -1 ? -1 : text.indexOf(`\r\n${delimiter}`, start + delimiter.length);
      if (end !== -1) {
        const part = text.slice(start + delimiter.length, end);
        const [head, ...body] = part.split("\r\n\r\n");
        const partName = /name="([^"]*)"/i.exec(head)?.[1];
        return partName === name ? body.join("\r\n\r\n") : null;
      }
      if (done) return null;
    }
    return null;
  } finally {
    // Not awaited: a tee'd branch's cancel settles only once the action's branch is done too.
    reader.cancel().catch(() => undefined);
  }
}

async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("multipart/form-data")) return firstMultipartField(request, CSRF_FIELD);
  if (type.includes("application/x-www-form-urlencoded")) {
    // A clone, so that the action can still read the body.
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const value = form?.get(CSRF_FIELD);
    return typeof value === "string" ? value : null;
  }
  return null;
}

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Throws 403 unless a non-GET request carries the token of the visitor's own cookie. */
export async function verifyCsrf(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const expected = await cookieToken(request);
  const submitted = await submittedToken(request);
  if (!expected || !submitted || !sameToken(expected, submitted)) {
    throw new Response("This form has expired or did not come from Chapter. Go back, reload the page and try again.", {
      status: 403,
      statusText: "Forbidden",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** Every route action of the build checks the token first: one place, no action can forget.
 * The only way out is `export const handle = { csrf: false }`, for requests that come from
 * another server and prove themselves otherwise (a payment provider's signed webhook). */
export function protectActions(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action;
    const exempt = (route.module.handle as { csrf?: boolean } | undefined)?.csrf === false;
    routes[id] =
      action && !exempt
        ? {
            ...route,
            module: {
              ...route.module,
              action: async (args) => {
                await verifyCsrf(args.request);
                return action(args);
              },
            },
          }
        : route;
  }
  return { ...build, routes };
}
