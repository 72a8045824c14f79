import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/calender/form/create {id}: the task form over the calendar (SPEC gives
 * `id` no meaning for a new task; it is not read). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/calendar/new");
}
