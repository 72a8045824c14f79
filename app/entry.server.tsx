import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import * as ReactDOMServer from "react-dom/server";
import { FragmentStore } from "./lib/render-cache.server";
import { pageResponse } from "./lib/remix-express.server";
import { NonceProvider } from "./ui/nonce";
import { keepRenderedFragments } from "./ui/render-cache";

const utf8 = new TextEncoder();

type Element = Parameters<typeof ReactDOMServer.renderToString>[0];
/** React's renderToString, given as UTF-8 bytes (patches/react-dom+18.3.1.patch), where the patch is there. */
const renderToUtf8 = (ReactDOMServer as { renderToUtf8?: (element: Element) => Uint8Array }).renderToUtf8;
const DOCTYPE = utf8.encode("<!DOCTYPE html>");

// Contact cards, posts and the header kept as HTML (ui/render-cache.tsx), ~4 MB at most.
if (process.env.NODE_ENV === "production") keepRenderedFragments(new FragmentStore(4_000_000));

/**
 * The page as bytes. React builds the page as one string of some 20,000 pieces (the contact
 * list's); V8 writes such a string out by first copying it whole, piece by piece, which cost
 * 1.2 ms of that page's 9, four times encoding it. Patched, React's renderer encodes its
 * pieces a thousand at a time as it goes (never between the two halves of an emoji), and
 * the page is the bytes joined, kept parts (ui/render-cache.tsx) joining as the bytes they
 * were kept as. Without the patch (React's development build), the string is
 * encoded whole.
 */
function renderPage(element: Element) {
  if (!renderToUtf8) return utf8.encode(`<!DOCTYPE html>${ReactDOMServer.renderToString(element)}`);
  const body = renderToUtf8(element);
  const page = new Uint8Array(DOCTYPE.length + body.length);
  page.set(DOCTYPE);
  page.set(body, DOCTYPE.length);
  return page;
}

/**
 * Every page is rendered whole, with renderToString, not streamed.
 *
 * React 18.3.1's renderToPipeableStream flushes its whole 2,048-byte buffer when a multibyte
 * character does not fit at its end (react issue 31134, fixed after 18.3.1): members' names in
 * emoji, accented or CJK letters came out with NUL bytes and broken UTF-8 at 2 KB boundaries
 * (test/e2e/html-encoding.test.ts). Nothing here streams: no route uses defer, <Await>,
 * Suspense or lazy components, and single fetch is off, so a page is ready only when all of
 * it is. Crawlers and browsers therefore get the same complete page (what a bot was waited
 * for with onAllReady), and the render is synchronous: there is nothing left to abort after a
 * timeout. It is also the cheapest renderer: the contact list of a member with 10,000
 * contacts renders in 6.8 ms instead of 11.3 ms with React's web-streams renderer, which
 * encodes every small piece of text on its own.
 *
 * Single fetch (docs/decisions/001-single-fetch-off.md) streams the loaders' data
 * inside the page, which renderToString cannot wait for: turning it on means rendering with
 * `renderToReadableStream` from "react-dom/server.browser" (free of that bug) and sending the
 * page once `allReady`.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  // Member pages are personal: no shared cache may keep them.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
  // A render error throws to Remix, which renders the error boundary with status 500 (as a
  // shell error did).
  const page = renderPage(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Bytes, not a string: a string body is first checked for lone surrogates character by
  // character (undici's USVString conversion, ~4% of the contact list's time), then encoded;
  // and the server writes them as they are (remixRequestHandler).
  return pageResponse(page, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * What the server log says of a request that failed. An answer the app chose (an unknown
 * address, a 4xx) is one line, method, path and status, never its query (it may carry a
 * token); anything else is an error with its stack.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.log(`${request.method} ${new URL(request.url).pathname} ${error.status}`);
    return;
  }
  // A 5xx that Remix made from an error thrown inside it carries that error.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
}
