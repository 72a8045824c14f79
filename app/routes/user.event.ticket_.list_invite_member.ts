import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: GET /user/event/ticket/list_invite_member with the invite filters: the filtered
 * list lives on the invite page, with the same query. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect(`/user/event/ticket/invite${new URL(request.url).search}`);
}
