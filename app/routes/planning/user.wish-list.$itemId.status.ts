import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { WISH_LIST_STATUSES, labelOf } from "~/features/planning/constants";
import { getOwnWishListItem, setWishListStatus } from "~/features/planning/wish-list.server";
import { WishListStatusSchema } from "~/features/planning/wish-list-schema";
import { badRequest, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { listAddress } from "./planning-address.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect(listAddress(request, "/user/wish-list"));
}

/** SPEC.md §4: the status select of an item (a fetcher with JS, a small form without). */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const item = await requireFound(params.itemId, (id) => getOwnWishListItem(member.id, id));
  const call = WishListStatusSchema.safeParse({ status: (await request.formData()).get("status") });
  if (!call.success) badRequest("Choose a status from the list.");
  if (!(await setWishListStatus(member.id, item.id, call.data.status))) notFound();
  return respond(
    request,
    { type: "success", message: `${item.title} is now ${labelOf(WISH_LIST_STATUSES, call.data.status).toLowerCase()}.` },
    { to: listAddress(request, "/user/wish-list", item.target_year) },
  );
}
