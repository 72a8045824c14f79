import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as changeStatus } from "~/routes/planning/user.wish-list.$itemId.status";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/wish-list");

/** SPEC.md §7 POST /user/task/wish-list-status-change {wish_list_id, status} → type, message:
 * the status select's action, with the id from the form. */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return changeStatus({ ...args, params: { itemId: await formParam(args.request, "wish_list_id") } });
}
