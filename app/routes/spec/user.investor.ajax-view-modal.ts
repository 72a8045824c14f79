import { viewModalCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/investor/ajax-view-modal {id, user_type}. */
export const loader = viewModalCall("investor");
