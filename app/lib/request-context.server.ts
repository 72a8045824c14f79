import type { AppLoadContext } from "@remix-run/node";

/** The visitor's address as the server (trusting TRUST_PROXY) saw it. */
export function clientIp(context: AppLoadContext | undefined) {
  return context?.clientIp || "unknown";
}
