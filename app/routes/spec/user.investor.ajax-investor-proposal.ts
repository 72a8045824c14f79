import { proposalCall } from "./proposal-calls.server";

/** SPEC.md §7 GET /user/investor/ajax-investor-proposal {entrepreneurs_proposal_id, user_type, investor_proposal_id}. */
export const loader = proposalCall("investor");
