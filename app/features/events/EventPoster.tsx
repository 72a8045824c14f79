import { formatWallClock } from "~/lib/format";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const TONES = 4;

/** Which of the poster colours an event gets: the same one on every page, varied across a list. */
function tone(id: number) {
  return (Math.abs(id) % TONES) + 1;
}

/** What stands in for an event's image until it has one: its date and title on a poster.
 * Decorative (hidden from assistive technology): the page names both in text already. */
export function EventPoster({ id, title, startsAt, large = false }: { id: number; title: string; startsAt: string; large?: boolean }) {
  const [, month, day] = startsAt.slice(0, 10).split("-").map(Number);
  return (
    <div className={`event-poster event-poster--${tone(id)}${large ? " event-poster--large" : ""}`} data-testid="event-poster" aria-hidden="true">
      <span className="event-poster-date">
        <span className="event-poster-day">{day}</span>
        <span className="event-poster-month">{MONTHS[month - 1]}</span>
      </span>
      <span className="event-poster-text">
        <span className="event-poster-title">{title}</span>
        <span className="event-poster-when">{formatWallClock(startsAt)}</span>
      </span>
    </div>
  );
}
