import type { TicketStatus, TicketType } from "~/lib/db-schema";
import { formatDateTime, formatEventStart } from "~/lib/format";

// What members see for tickets (shared by the pages and the server).

export function ticketTypeLabel(type: TicketType) {
  return type === "vip" ? "VIP" : "General";
}

/** `timeZone`: the viewer's, for the check-in time. */
export function ticketStatusLabel(status: TicketStatus, checkedInAt: string | null, timeZone: string) {
  if (status === "issued") return checkedInAt ? `Checked in ${formatDateTime(checkedInAt, timeZone)}` : "Valid";
  return status === "pending" ? "Waiting for payment" : "Cancelled";
}

/** "Fri 14 May 2027, 18:00 (Africa/Lagos)": when an event starts, at its venue. */
export function formatEventTime(local: string, timeZone: string) {
  return formatEventStart(local, timeZone);
}
