import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/events");

/** SPEC.md §7 POST /user/events/status {event_id, type}; the event cards' Interested and Going buttons post here too. */
export { eventStatusAction as action } from "~/routes/events/event-status.server";
