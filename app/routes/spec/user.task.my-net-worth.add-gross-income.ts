import type { LoaderFunctionArgs } from "@remix-run/node";
import { toNew } from "./net-worth-calls.server";

/** SPEC.md §7 GET /user/task/my-net-worth/add-gross-income {net_work_year, quarter}: the add income dialog. */
export const loader = ({ request }: LoaderFunctionArgs) => toNew(request, "income/new");
