import crypto from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { cookieOptionsFor, signedCookie } from "./cookies.server";

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
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, setCookie: await csrfCookie().serialize(token, cookieOptionsFor(request)) };
}

async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    // A clone, so that the action can still read the body.
    const form = await request.clone().formData().catch(() => null);
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

/** Every route action of the build checks the token first: one place, no action can forget. */
export function protectActions(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action;
    routes[id] = action
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
