import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

// The entry of the bench's second same-markup floor (npm run bench -- --same-markup; run.ts
// copies it into test/.tmp/floor-bytes/app/entry.server.tsx): the page rendered whole with
// renderToString and sent as bytes, as Chapter's entry does, in place of Remix's default
// streaming entry. What the markup costs through a pipeline like Chapter's.
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const html = `<!DOCTYPE html>${renderToString(<RemixServer context={context} url={request.url} />)}`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(new TextEncoder().encode(html), { status, headers });
}
