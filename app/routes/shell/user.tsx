import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { unreadCounts } from "~/features/notifications/notifications.server";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";

// Guards the member area's pages; every /user loader and action still calls requireMember
// itself, since Remix runs child loaders and actions without their parent's.
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  // The header's badges (unread notifications and chat messages), read by AppShell.
  return pageData({ unread: await unreadCounts(member.id, new URL(request.url)) });
}

// The counts change as the member moves around (opening notifications or a conversation
// reads them): read them again when the page changes, not only after actions.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function MemberArea() {
  return <Outlet />;
}

export { AreaErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
