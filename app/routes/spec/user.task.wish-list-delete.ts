import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as deleteItem } from "~/routes/planning/user.wish-list.$itemId.delete";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/wish-list");

/** SPEC.md §7 DELETE /user/task/wish-list-delete {wish_list_id} → type, message (also by
 * POST): the confirmation dialog's action, with the id from the form. */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return deleteItem({ ...args, params: { itemId: await formParam(args.request, "wish_list_id") } });
}
