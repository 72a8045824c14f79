import { sendTo } from "./opened-as-page.server";
import { deleteCall } from "./proposal-calls.server";

export const loader = sendTo("/user/investors");

/** SPEC.md §7 POST /user/investor/delete {investor_id}: the member's own entry only. */
export const action = deleteCall("investor");
