import type { LoaderFunctionArgs } from "@remix-run/node";
import { toLineEdit } from "./net-worth-calls.server";

/** SPEC.md §7 GET /user/task/my-net-worth/edit-gross-income {id or net_worth_id of the line}: its edit dialog. */
export const loader = ({ request }: LoaderFunctionArgs) => toLineEdit(request, "income");
