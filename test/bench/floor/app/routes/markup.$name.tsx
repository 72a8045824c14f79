import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { markupElement, type MarkupNode } from "../../../markup";

// A Chapter page's own markup as a bare route renders it (npm run bench -- --same-markup): the
// bench reads each page's HTML into a tree (test/bench/markup.ts) and hands it to the floor's
// server, which keeps it on globalThis.
const pages = () => (globalThis as { chapterMarkup?: Map<string, MarkupNode[]> }).chapterMarkup ?? new Map<string, MarkupNode[]>();

export function loader({ params }: LoaderFunctionArgs) {
  if (!pages().has(params.name ?? "")) throw new Response("No such markup", { status: 404 });
  return { name: params.name! };
}

export default function Markup() {
  const { name } = useLoaderData<typeof loader>();
  return <>{pages().get(name)!.map(markupElement)}</>;
}
