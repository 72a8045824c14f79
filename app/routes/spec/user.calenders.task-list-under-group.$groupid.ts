import { taskListUnderGroup } from "~/routes/calendar/task-group-calls.server";

/** SPEC.md §7 GET /user/calenders/task-list-under-group/{groupid}: §3's list of a group's tasks. */
export const loader = taskListUnderGroup;
