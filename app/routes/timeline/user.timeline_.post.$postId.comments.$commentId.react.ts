import { reactionAction, reactionLoader } from "./reaction-actions.server";

/** A member's reaction (like, celebrate, insightful, or taking it back), for a post they may see; 404 otherwise. */
export const action = reactionAction;
export const loader = reactionLoader;
