import { iconFontLeftOut } from "./fullcalendar-styles";
import britishEnglish from "@fullcalendar/core/locales/en-gb";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { useEffect, useMemo, useRef } from "react";
import { gridHours } from "./grid-hours";
import type { CalendarView } from "./range";
import type { ShownOccurrence } from "./shown.server";

// Loaded with import() by the calendar page once JavaScript runs, so FullCalendar is a chunk of
// its own that no other page (and no member without JS) downloads.

const FULLCALENDAR_VIEWS: Record<CalendarView, string> = { month: "dayGridMonth", week: "timeGridWeek", day: "timeGridDay" };

const CLOCK = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

/** The widths at which a month's or a week's days are too narrow for titles (calendar.css). */
const PHONE = "(max-width: 480px)";

function ourView(type: string): CalendarView {
  if (type === "dayGridMonth") return "month";
  if (type === "timeGridDay") return "day";
  return "week";
}

/** The month, week and day views (and a week's list) of the occurrences the page loaded. Times
 * are the member's wall clock, given as UTC so FullCalendar shows them as they are. A day of the
 * month holding more than it shows (`more`, month-days.ts) ends with a "+N more" link to its
 * day view, after its occurrences. */
export default function FullCalendarView(props: {
  view: CalendarView;
  date: string;
  occurrences: ShownOccurrence[];
  more: Record<string, number>;
  dayLink: (date: string) => string;
  /** A day as the agenda names it; given by the page, so that this chunk shares no module with it. */
  dayName: (date: string) => string;
  /** The member moved to another range: the page loads its occurrences. */
  onRange: (view: CalendarView, date: string) => void;
  onOpen: (taskId: number) => void;
  onDay: (date: string) => void;
  /** A day tapped on a phone: the page lists its occurrences under the grid, whose days are too
   * narrow for their titles. */
  onPick: (date: string) => void;
  onLink: (address: string) => void;
  /** It is on the page: the page's own agenda, which it replaces, can go. */
  onShown: () => void;
}) {
  const { view, date, occurrences, more } = props;
  // The handlers as the page last gave them, read when FullCalendar calls them: the element below
  // is made again only for other data. Made again, FullCalendar takes all its options again and
  // draws its grid again (as long as the first drawing), and the page draws itself again each
  // time a day is tapped or the grid shows.
  const latest = useRef(props);
  latest.current = props;
  // The agenda is hidden by calendar.css in the very frame the grid is drawn in; the page
  // marks it hidden and lists the day under the grid after that, in a task of their own
  // rather than in FullCalendar's first drawing, the page's longest (blocking time).
  useEffect(() => latest.current.onShown(), []);
  return useMemo(
    () => (
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        // Dates as the rest of the page writes them, day before month ("Tue 1/12", "30 Nov – 6 Dec
        // 2026"), not the American "12/1" a club in Lagos or Berlin would read as 12 January.
        locale={britishEnglish}
        // A week's days by weekday and day alone ("Tue 1"): its title names the month.
        views={{ timeGridWeek: { dayHeaderFormat: { weekday: "short", day: "numeric" } } }}
        initialView={FULLCALENDAR_VIEWS[view]}
        initialDate={date}
        timeZone="UTC"
        firstDay={1}
        fixedWeekCount={false}
        height="auto"
        // A week or a day from 07:00 to 21:00, or as much more as its occurrences need.
        {...gridHours(occurrences)}
        slotDuration="00:30:00"
        snapDuration="00:05:00"
        headerToolbar={{ left: "prev,next today", center: "title", right: "dayGridMonth,timeGridWeek,timeGridDay,listWeek" }}
        // Words rather than FullCalendar's icon font (left out of its styles: fullcalendar-styles.ts),
        // whose role="img" spans have no text.
        buttonIcons={iconFontLeftOut && false}
        buttonText={{ prev: "‹ Previous", next: "Next ›", today: "Today", month: "Month", week: "Week", day: "Day", list: "List" }}
        // The 24-hour clock of the agenda and today's tasks (08:30–09:00), not FullCalendar's "8:30a".
        eventTimeFormat={CLOCK}
        slotLabelFormat={CLOCK}
        events={[
          ...occurrences.map((occurrence) => ({
            id: occurrence.key,
            title: occurrence.title,
            start: occurrence.start,
            end: occurrence.end,
            classNames: ["fc-occurrence", `occurrence--${occurrence.status}`],
            extendedProps: { taskId: occurrence.taskId, status: occurrence.status, order: 0 },
          })),
          ...Object.entries(more).map(([day, count]) => ({
            id: `more-${day}`,
            title: `+${count} more`,
            start: day,
            allDay: true,
            url: latest.current.dayLink(day),
            classNames: ["fc-more-occurrences"],
            extendedProps: { order: 1 },
          })),
        ]}
        // A day's "+N more" after its occurrences, which keep FullCalendar's own order.
        eventOrder="order,start,-duration,allDay,title"
        datesSet={(range) => latest.current.onRange(ourView(range.view.type), range.view.currentStart.toISOString().slice(0, 10))}
        eventClick={(click) => {
          click.jsEvent.preventDefault();
          if (click.event.url) latest.current.onLink(click.event.url);
          else latest.current.onOpen(Number(click.event.extendedProps.taskId));
        }}
        dateClick={(click) => (window.matchMedia(PHONE).matches && view !== "day" ? latest.current.onPick : latest.current.onDay)(click.dateStr.slice(0, 10))}
        // A day cell named by its number alone hides its events from screen readers' name checks.
        dayCellDidMount={(cell) => cell.el.removeAttribute("aria-labelledby")}
        // "+N more" says which day, as the agenda's link does; an occurrence whose title the month's
        // narrow days cut shows it whole on hover.
        eventDidMount={({ event, el }) => {
          if (event.url) el.setAttribute("aria-label", `${event.title} on ${latest.current.dayName(event.startStr.slice(0, 10))}`);
          else el.setAttribute("title", event.title);
        }}
      />
    ),
    [view, date, occurrences, more],
  );
}
