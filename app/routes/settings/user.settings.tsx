import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireMember } from "~/lib/session.server";
import { AreaTabs } from "~/ui/area-tabs";
import { pageKind } from "~/ui/page-kind";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

const TABS = [
  { to: "/user/settings/profile", label: "Profile" },
  { to: "/user/settings/photos", label: "Photos" },
  { to: "/user/settings/security", label: "Account" },
  { to: "/user/settings/notifications", label: "Notifications" },
  { to: "/user/settings/privacy", label: "Privacy" },
  { to: "/user/settings/calendar", label: "Calendar" },
];

export default function Settings() {
  return (
    <>
      <h1>Settings</h1>
      <AreaTabs label="Settings" tabs={TABS} />
      <Outlet />
    </>
  );
}

export { AreaErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";

export const handle = pageKind("reading");
