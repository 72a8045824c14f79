import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

export default function Settings() {
  return (
    <>
      <h1>Settings</h1>
      <nav aria-label="Settings">
        <ul className="tabs">
          <li>
            <NavLink to="/user/settings/profile">Profile</NavLink>
          </li>
          <li>
            <NavLink to="/user/settings/photos">Photos</NavLink>
          </li>
          <li>
            <NavLink to="/user/settings/security">Password and sessions</NavLink>
          </li>
          <li>
            <NavLink to="/user/settings/notifications">Notifications</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </>
  );
}

export { AreaErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
