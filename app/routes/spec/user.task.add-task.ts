import { sendTo } from "./opened-as-page.server";

/** SPEC.md §7 GET /user/task/add-task: the add task dialog over the big tasks. */
export const loader = sendTo("/user/big-tasks/new");
