import { viewModalCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/entrepreneur/ajax-view-modal {id, user_type}. */
export const loader = viewModalCall("entrepreneur");
