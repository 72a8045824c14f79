import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { friendAction, friendActionPage } from "~/routes/social/friend-actions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return friendActionPage(request);
}

/** Declining (not in SPEC.md §7, beside accept): POST /user/ajax/decline_friend_request {friend_user_id} → type, message. */
export async function action({ request }: ActionFunctionArgs) {
  return friendAction(request, "decline");
}
