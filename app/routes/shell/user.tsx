import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { headerCounts } from "~/features/notifications/notifications.server";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";
import { shellDataStays } from "~/ui/revalidation";

// Guards the member area's pages; every /user loader and action still calls requireMember
// itself, since Remix runs child loaders and actions without their parent's.
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  // The header's badges (unread notifications and chat messages), read by AppShell, and where
  // the page's live stream starts telling of friend requests (ui/live.tsx).
  const { unread, lastNotification } = await headerCounts(member.id, new URL(request.url));
  return pageData({ unread, liveFrom: { notice: lastNotification } });
}

// The counts change as the member moves around (opening notifications or a conversation
// reads them): read them again when the member moves to another page, not only after actions;
// not when only the query changes (a search typed) or a dialog or tab nested in the page opens
// or closes, but in a conversation or the notifications, whose addresses the counts read.
const COUNTS_READ = /^\/user\/(chat|notifications)(\/|$)/;
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (shellDataStays(args) && !COUNTS_READ.test(args.currentUrl.pathname) && !COUNTS_READ.test(args.nextUrl.pathname)) return false;
  return args.currentUrl.pathname !== args.nextUrl.pathname || args.defaultShouldRevalidate;
};

export default function MemberArea() {
  return <Outlet />;
}

export { AreaErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
