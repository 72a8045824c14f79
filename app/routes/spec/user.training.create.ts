import { sendTo } from "./opened-as-page.server";

/** SPEC.md §7's path for the training form; the dialog lives over the list at /user/trainings/new. */
export const loader = sendTo("/user/trainings/new");
