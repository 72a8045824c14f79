import type { LoaderFunctionArgs } from "@remix-run/node";
import { toEntry } from "./net-worth-calls.server";

/** SPEC.md §7 GET /user/task/my-net-worth/get-edit-view {net_worth_id}: the edit dialog. */
export const loader = ({ request }: LoaderFunctionArgs) => toEntry(request, "/edit");
