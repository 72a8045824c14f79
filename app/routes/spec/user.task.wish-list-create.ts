import { sendTo } from "./opened-as-page.server";

/** SPEC.md §7 GET /user/task/wish-list-create: the wish list form, a dialog over the list. */
export const loader = sendTo("/user/wish-list/new");
