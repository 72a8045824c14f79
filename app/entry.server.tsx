import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server.browser";
import { NonceProvider } from "./ui/nonce";

/** How long single fetch waits for a pending promise before rejecting it (Remix reads this). */
export const streamTimeout = 5_000;

/**
 * Every page is sent whole: the answer starts once all of it is rendered.
 *
 * With single fetch, the loaders' data reaches the browser inside the page through Suspense
 * boundaries (Remix streams it as turbo-stream), which renderToString cannot wait for, so the
 * page is rendered with a streaming renderer and sent when `allReady`. It is the Web Streams
 * one (`react-dom/server.browser`, native in Node 20): React 18.3.1's Node one
 * (renderToPipeableStream) flushed its whole 2,048-byte buffer when a multibyte character did
 * not fit at its end (react issue 31134, fixed after 18.3.1), putting NUL bytes and broken
 * UTF-8 in pages with names in emoji, accented or CJK letters (test/e2e/html-encoding.test.ts);
 * the Web Streams renderer encodes each piece whole and copies its bytes.
 */
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
  // Give up a second after the last pending promise has been rejected.
  const abort = AbortSignal.timeout(streamTimeout + 1_000);
  let shellRendered = false;
  let failed = false;
  // A shell error rejects (Remix then renders the error boundary with status 500).
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: abort,
      onError(error: unknown) {
        failed = true;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: failed ? 500 : responseStatusCode });
}
