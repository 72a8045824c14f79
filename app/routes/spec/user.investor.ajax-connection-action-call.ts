import { connectionActionCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/investor/ajax-connection-action-call {connection_id, call_action}. */
export const { loader, action } = connectionActionCall();
