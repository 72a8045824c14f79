import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/task/big-task/filter: the filter dialog over the big tasks (their year
 * and filter, when given, kept). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect(`/user/big-tasks/filter${new URL(request.url).search}`);
}
