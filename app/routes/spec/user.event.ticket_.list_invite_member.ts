import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToInviteDialog } from "~/routes/events/invite.server";

/** SPEC.md §7: GET /user/event/ticket/list_invite_member with the invite filters: the filtered
 * list lives in the invite dialog, with the same query. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToInviteDialog(request);
}
