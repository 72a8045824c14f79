import { useMatches } from "@remix-run/react";

/**
 * The kind of page a route is, which sets its width: a reading column (timeline, a post,
 * settings, chat), a list (the default: contacts, events, offers …) or a dashboard (home,
 * admin). A route says so with `export const handle = pageKind("reading")`; a dialog route
 * inherits the kind of the page it opens over.
 */
export type PageKind = "reading" | "list" | "dashboard";

export function pageKind(kind: PageKind) {
  return { pageKind: kind };
}

export function usePageKind(): PageKind {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const kind = (matches[i].handle as { pageKind?: PageKind } | undefined)?.pageKind;
    if (kind) return kind;
  }
  return "list";
}
