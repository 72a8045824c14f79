import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/events");

/** SPEC.md's event image upload: the event page's upload control posts here too. */
export { eventImageAction as action } from "~/routes/events/event-image.server";
