import { useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext } from "react";
import type { Member } from "~/lib/session.server";

/** What the shared components read from the root loader's data. root.tsx's loader returns at
 * least this (it checks so with `satisfies`); ui declares it rather than importing the root
 * route, so that nothing imports a route module. */
export type RootUiData = { csrf: string; member: Member | null; timeZone: string };

function useRootLoaderData() {
  return useRouteLoaderData("root") as RootUiData | undefined;
}

export function useRootData() {
  const data = useRootLoaderData();
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}

export function useOptionalMember() {
  return useRootLoaderData()?.member ?? null;
}

/** The anti-forgery token of this visitor ("" before the root loader ran, e.g. in an error page). */
export function useCsrfToken() {
  return useRootLoaderData()?.csrf ?? "";
}

/** The zone the viewer reads times in: the member's, or the club's (the same on the server and
 * in the browser, so the text hydrates unchanged). */
export function useTimeZone() {
  return useRootLoaderData()?.timeZone ?? "UTC";
}

export type Unread = { notifications: number; chat: number };

type MemberAreaData = { unread?: Unread; liveFrom?: { notice: number } };

/** The member area's loader's counts (routes/shell/user.tsx); undefined outside the member area. */
export function useServerUnread() {
  return (useRouteLoaderData("routes/user") as MemberAreaData | undefined)?.unread;
}

/** The newest notification's id when the member area's loader ran: the page's live stream tells of friend requests after it. */
export function useLiveFrom() {
  return (useRouteLoaderData("routes/user") as MemberAreaData | undefined)?.liveFrom ?? null;
}

/** Counts the page's live stream sent (ui/live.tsx), and the loader's counts they followed:
 * once the loader reads them again (another page), its counts hold until the stream sends more. */
export const LiveUnread = createContext<{ counts: Unread; after: Unread } | null>(null);

/** Unread notifications and chat messages: the header's badges, and the home page's "For you".
 * The member area's loader counts them with the page; with JS the page's live stream keeps them
 * up to date. */
export function useUnread(): Unread {
  const server = useServerUnread();
  const live = useContext(LiveUnread);
  if (live && server && live.after === server) return live.counts;
  return server ?? { notifications: 0, chat: 0 };
}
