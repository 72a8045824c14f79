import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
// The web-streams renderer, not react-dom/server's renderToPipeableStream: React 18.3.1's Node
// renderer flushes its whole 2,048-byte buffer when a multibyte character does not fit at its
// end (react issue 31134, fixed after 18.3.1), so members' names in emoji, accented or CJK
// letters came out with NUL bytes and broken UTF-8 at 2 KB boundaries
// (test/e2e/html-encoding.test.ts). This renderer encodes first and copies bytes, so a
// character split between two chunks stays whole once they are joined.
import { renderToReadableStream } from "react-dom/server.browser";
import { NonceProvider } from "./ui/nonce";

/** How long single fetch streams a pending promise before rejecting it (Remix reads this export). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  // Member pages are personal: no shared cache may keep them.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");

  // Give up on the render a second after the last pending promise has been rejected.
  const timeout = AbortSignal.timeout(streamTimeout + 1_000);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: timeout,
      onError(error: unknown) {
        status = 500;
        if (!timeout.aborted) console.error(error);
      },
    },
  );
  // Crawlers get the whole page at once.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
