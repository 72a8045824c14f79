import type { LoaderFunctionArgs } from "@remix-run/node";
import { toNew } from "./net-worth-calls.server";

/** SPEC.md §7 GET /user/task/my-net-worth/get-add-view {net_work_year}: the add dialog. */
export const loader = ({ request }: LoaderFunctionArgs) => toNew(request, "new");
