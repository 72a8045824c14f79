import type { RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** Stands for the page's script nonce while helmet's policy is worked out (letters only, as
 * helmet's checks of a directive's value require). */
const NONCE_MARK = "chapterNonceMark";

/**
 * helmet's headers, worked out once: helmet runs a dozen middlewares on every request and
 * writes the Content-Security-Policy anew each time, ~5% of the server's busy time on the home
 * page under load. helmet is asked once, at start, with the nonce a mark; each request then
 * gets the same headers, the policy with its own nonce (`res.locals.cspNonce`) in the mark's
 * place. Directives whose value depends on the request in any other way are refused.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      return this;
    },
    removeHeader(name: string) {
      removed.add(name);
    },
  };
  let error: unknown = "helmet did not finish synchronously";
  helmet(options)({} as never, recorder as unknown as Response, (failure?: unknown) => (error = failure));
  if (error) throw error instanceof Error ? error : new Error(String(error));

  const headers = [...set].map(([name, value]) => ({ name, parts: value.split(NONCE_MARK) }));
  const stray = headers.find(({ parts }) => parts.some((part) => part.includes("[object") || part.includes("undefined")));
  if (stray) throw new Error(`helmet's ${stray.name} depends on the request: ${stray.parts.join("")}`);
  return (_req, res, next) => {
    const nonce = res.locals.cspNonce as string;
    for (const name of removed) res.removeHeader(name);
    for (const { name, parts } of headers) res.setHeader(name, parts.length === 1 ? parts[0] : parts.join(nonce));
    next();
  };
}
