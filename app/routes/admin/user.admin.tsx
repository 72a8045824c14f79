import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Admin() {
  return (
    <>
      <h1>Admin</h1>
      <nav aria-label="Admin">
        <ul className="tabs">
          <li>
            <NavLink to="/user/admin/outbox">Mail outbox</NavLink>
          </li>
          <li>
            <NavLink to="/user/admin/ticker">Ticker</NavLink>
          </li>
          <li>
            <NavLink to="/user/admin/members">Members</NavLink>
          </li>
          <li>
            <NavLink to="/user/admin/payments">Payments</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </>
  );
}

export { AreaErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
