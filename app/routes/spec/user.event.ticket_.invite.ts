import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerInviteForm, redirectToInviteDialog } from "~/routes/events/invite.server";

/** SPEC.md §7: GET /user/event/ticket/invite?event_id= with the invite filters is the invite
 * dialog over the event page (/user/events/{id}/invite), filters kept; a POST here invites as
 * the dialog does. The organiser's only: anyone else gets 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToInviteDialog(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return answerInviteForm(request, new URL(request.url).searchParams.get("event_id"));
}
