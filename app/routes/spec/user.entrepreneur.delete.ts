import { sendTo } from "./opened-as-page.server";
import { deleteCall } from "./proposal-calls.server";

export const loader = sendTo("/user/entrepreneurs");

/** SPEC.md §7 POST /user/entrepreneur/delete {entrepreneur_id}: the member's own entry only. */
export const action = deleteCall("entrepreneur");
