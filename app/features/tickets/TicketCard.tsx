import type { TicketStatus, TicketType } from "~/lib/db-schema";
import { CopyButton } from "~/ui/copy-button";
import { ticketStatusLabel, ticketTypeLabel } from "./labels";
import { formatEventRange } from "~/lib/format";
import { useTimeZone } from "~/ui/root-data";
import { ViewerTime } from "~/ui/viewer-time";

export type TicketCardData = {
  code: string;
  type: TicketType;
  status: TicketStatus;
  checkedInAt: string | null;
  holder: string;
  price: string | null;
  event: { title: string; startsAt: string; endsAt: string; timeZone: string; place: string | null; organiser: string | null };
  /** The code as an SVG QR code (rendered on the server); null when the ticket is not valid. */
  qr: string | null;
};

/** A ticket as its holder shows it at the door: event, type, holder, status, code and QR code. */
export function TicketCard({ ticket, headingLevel = 1 }: { ticket: TicketCardData; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const timeZone = useTimeZone();
  return (
    <section className="card ticket" aria-labelledby="ticket-heading">
      <div>
        <Heading id="ticket-heading">{ticket.event.title}</Heading>
        <dl className="details">
          <dt>When</dt>
          <dd>{formatEventRange(ticket.event.startsAt, ticket.event.endsAt, ticket.event.timeZone)}</dd>
          {ticket.event.place ? (
            <>
              <dt>Where</dt>
              <dd>{ticket.event.place}</dd>
            </>
          ) : null}
          {ticket.event.organiser ? (
            <>
              <dt>Organiser</dt>
              <dd>{ticket.event.organiser}</dd>
            </>
          ) : null}
          <dt>Ticket</dt>
          <dd data-testid="ticket-type">{ticketTypeLabel(ticket.type)}</dd>
          {ticket.price ? (
            <>
              <dt>Price</dt>
              <dd>{ticket.price}</dd>
            </>
          ) : null}
          <dt>Holder</dt>
          <dd data-testid="ticket-holder">{ticket.holder}</dd>
          <dt>Status</dt>
          <dd data-testid="ticket-status" className={ticket.status === "cancelled" ? "ticket-status--cancelled" : undefined}>
            {ticketStatusLabel(ticket.status, ticket.checkedInAt, timeZone)}
          </dd>
          <dt>Code</dt>
          <dd>
            <code className="ticket-code" data-testid="ticket-code">
              {ticket.code}
            </code>{" "}
            <CopyButton text={ticket.code} label="Copy code" />
          </dd>
        </dl>
        {ticket.checkedInAt ? (
          <p className="muted">
            Checked in at <ViewerTime value={ticket.checkedInAt} />.
          </p>
        ) : null}
      </div>
      {ticket.qr ? (
        // The SVG is qrcode's own output for our code (no member text in it).
        <div className="ticket-qr" role="img" aria-label={`QR code of ticket ${ticket.code}`} dangerouslySetInnerHTML={{ __html: ticket.qr }} />
      ) : null}
    </section>
  );
}
