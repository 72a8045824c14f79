import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireMember } from "~/lib/session.server";

// Guards the member area's pages; every /user loader and action still calls requireMember
// itself, since Remix runs child loaders and actions without their parent's.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

export default function MemberArea() {
  return <Outlet />;
}
