import { proposalCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/entrepreneur/ajax-entrepreneurs-proposal {investor_proposal_id, user_type, entrepreneurs_proposal_id}. */
export const loader = proposalCall("entrepreneur");
