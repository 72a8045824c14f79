import type { TicketStatus, TicketType } from "~/lib/db-schema";

// What members see for tickets (shared by the pages and the server).

export function ticketTypeLabel(type: TicketType) {
  return type === "vip" ? "VIP" : "General";
}

export function ticketStatusLabel(status: TicketStatus, checkedInAt: string | null = null) {
  if (status === "issued") return checkedInAt ? `Checked in ${formatInstant(checkedInAt)}` : "Valid";
  return status === "pending" ? "Waiting for payment" : "Cancelled";
}

/** "2027-05-14T18:00" (wall-clock at the venue) → "2027-05-14 18:00". */
export function formatEventTime(local: string) {
  return local.replace("T", " ");
}

/** An ISO instant → "2027-05-14 18:03 UTC". */
export function formatInstant(iso: string) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
