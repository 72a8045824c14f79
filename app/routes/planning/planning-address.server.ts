import { BigTaskFilterSchema } from "~/features/planning/big-task-schema";
import { thisYear as currentYear } from "~/features/planning/constants";
import { WishListFilterSchema } from "~/features/planning/wish-list-schema";
import { badRequest, requireYear } from "~/lib/http.server";

/** The wish list page's address: `year` (this year when absent) and the filter's `type` and
 * `status`; anything else is a 400 saying what is wrong. */
export function readWishListAddress(request: Request) {
  const params = new URL(request.url).searchParams;
  const year = requireYear(params, "year");
  const filter = WishListFilterSchema.safeParse({ type: params.get("type") ?? undefined, status: params.get("status") ?? undefined });
  if (!filter.success) badRequest("Choose a type and a status from the lists.");
  return { year, type: filter.data.type || null, status: filter.data.status || null, thisYear: currentYear() };
}

/** The big tasks page's address: `year`, and the filter's `status` and `priority` band. */
export function readBigTaskAddress(request: Request) {
  const params = new URL(request.url).searchParams;
  const year = requireYear(params, "year");
  const filter = BigTaskFilterSchema.safeParse({ status: params.get("status") ?? undefined, priority: params.get("priority") ?? undefined });
  if (!filter.success) badRequest("Choose a status and a priority from the lists.");
  return { year, status: filter.data.status || null, priority: filter.data.priority || null, thisYear: currentYear() };
}

/** Back to a yearly list from one of its dialogs or forms: the page with the year and filter
 * the request's address carries (the year given when the address has none). */
export function listAddress(request: Request, page: "/user/wish-list" | "/user/big-tasks", year?: number) {
  const from = new URL(request.url).searchParams;
  const to = new URLSearchParams();
  for (const name of ["year", "type", "status", "priority"]) {
    const value = from.get(name);
    if (value) to.set(name, value);
  }
  if (!to.has("year") && year) to.set("year", String(year));
  const query = to.toString();
  return query ? `${page}?${query}` : page;
}
