import type { LoaderFunctionArgs } from "@remix-run/node";
import { toEntry } from "./net-worth-calls.server";

/** SPEC.md §7 GET /user/task/my-net-worth/get-view {net_worth_id}: the entry's view dialog over
 * its year; without an id, the yearly page ({net_work_year}). */
export const loader = ({ request }: LoaderFunctionArgs) => toEntry(request, "");
