import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as deleteEntry } from "~/routes/networth/user.net-worth.entries.$entryId_.delete";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/net-worth");

/** SPEC.md §7 DELETE /user/task/my-net-worth/delete {net_worth_id} → type, message (also by POST;
 * net_work_id is read too): the confirmation dialog's action, with the id from the form. */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return deleteEntry({ ...args, params: { entryId: await formParam(args.request, "net_worth_id", "net_work_id") } });
}
