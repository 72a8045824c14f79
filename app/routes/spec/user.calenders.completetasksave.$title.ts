import type { ActionFunctionArgs } from "@remix-run/node";
import { action as newTask } from "~/routes/calendar/user.calendar.new";
import { forwardedRequest, refusalAsNotification } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/calendar/new");

/** SPEC.md §7 POST /user/calenders/completetasksave/{title}: the task form saved (the title in
 * the address when the form sends none), by the task form's own action. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (!form.get("title") && params.title) form.set("title", params.title);
  return refusalAsNotification(await newTask({ request: forwardedRequest(request, form), params: {}, context }));
}
