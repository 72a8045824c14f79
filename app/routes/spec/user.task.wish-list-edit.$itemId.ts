import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOwnWishListItem } from "~/features/planning/wish-list.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/task/wish-list-edit/{id}: the edit dialog over the item's year. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const item = await requireFound(params.itemId, (id) => getOwnWishListItem(member.id, id));
  return redirect(`/user/wish-list/${item.id}/edit?year=${item.target_year}`);
}
