import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/task/wish-list-filter-form: the filter dialog over the list (its year
 * and filter, when given, kept). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect(`/user/wish-list/filter${new URL(request.url).search}`);
}
