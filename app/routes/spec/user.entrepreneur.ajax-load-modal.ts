import { loadModalCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/entrepreneur/ajax-load-modal {id}. */
export const loader = loadModalCall("entrepreneur");
