import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/task/my-wish-list {type} (and the year view's {year}): the list with
 * that filter in its address; the list checks the values. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const from = new URL(request.url).searchParams;
  const to = new URLSearchParams();
  for (const name of ["year", "type", "status"]) {
    const value = from.get(name);
    if (value) to.set(name, value);
  }
  return redirect(to.size ? `/user/wish-list?${to}` : "/user/wish-list");
}
