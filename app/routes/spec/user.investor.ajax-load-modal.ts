import { loadModalCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/investor/ajax-load-modal {id}. */
export const loader = loadModalCall("investor");
