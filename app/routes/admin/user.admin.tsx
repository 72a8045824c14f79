import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAdmin } from "~/lib/session.server";
import { AreaTabs } from "~/ui/area-tabs";
import { pageKind } from "~/ui/page-kind";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

// In the admin home's order: what most often waits first.
const TABS = [
  { to: "/user/admin", label: "Overview", end: true },
  { to: "/user/admin/payments", label: "Payments" },
  { to: "/user/admin/club", label: "Club" },
  { to: "/user/admin/members", label: "Members" },
  { to: "/user/admin/engagement", label: "Engagement" },
  { to: "/user/admin/ticker", label: "Ticker" },
  { to: "/user/admin/outbox", label: "Mail outbox" },
];

export default function Admin() {
  return (
    <>
      <h1>Admin</h1>
      <AreaTabs label="Admin" tabs={TABS} />
      <Outlet />
    </>
  );
}

export { AreaErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";

export const handle = pageKind("dashboard");
