import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { friendAction, friendActionPage } from "~/routes/social/friend-actions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return friendActionPage(request);
}

/** SPEC.md §7: POST /user/ajax/cancel-friend-request {friend_user_id} → type, message. */
export async function action({ request }: ActionFunctionArgs) {
  return friendAction(request, "cancel");
}
