import { useRouteLoaderData } from "@remix-run/react";
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

/** Unread notifications and chat messages, from the member area's loader (routes/shell/user.tsx):
 * the header's badges, and the home page's "For you". */
export function useUnread(): Unread {
  const data = useRouteLoaderData("routes/user") as { unread?: Unread } | undefined;
  return data?.unread ?? { notifications: 0, chat: 0 };
}
