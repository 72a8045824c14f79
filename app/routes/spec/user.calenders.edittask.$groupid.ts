import { openEditTask } from "~/routes/calendar/task-group-calls.server";

/** SPEC.md §7 GET /user/calenders/edittask/{groupid}: the task edit dialog. */
export const loader = openEditTask;
