import { sendTo } from "./opened-as-page.server";

/** SPEC.md §7's path for the event form; the dialog lives over the list at /user/events/create. */
export const loader = sendTo("/user/events/create");
