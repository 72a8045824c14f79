import type { LoaderFunctionArgs } from "@remix-run/node";
import { toNew } from "./net-worth-calls.server";

/** SPEC.md §7 GET /user/task/my-net-worth/add-expenses {net_work_year, quarter}: the add expenses dialog. */
export const loader = ({ request }: LoaderFunctionArgs) => toNew(request, "expenses/new");
