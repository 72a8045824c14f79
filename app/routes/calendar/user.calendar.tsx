import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, type ShouldRevalidateFunction, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Agenda } from "~/features/calendar/Agenda";
import { DailyTasks } from "~/features/calendar/DailyTasks";
import { DayList } from "~/features/calendar/DayList";
import { calendarPage } from "~/features/calendar/page.server";
import { calendarAddress, calendarQuery, calendarRange, VIEWS } from "~/features/calendar/range";
import { useReloadAfterNotice } from "~/features/calendar/use-reload-after";
import { dayHeading } from "~/features/journal/dates";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";
import { RenderCache } from "~/ui/render-cache";
import { queryStays } from "~/ui/revalidation";
import { useHydrated } from "~/ui/use-hydrated";
import { shownRange } from "./calendar-address.server";

const FullCalendarView = lazy(() => import("~/features/calendar/FullCalendarView"));

/** The shown range's occurrences (`?view=month|week|day&date=`; a month's first few of each day,
 * with how many more each day holds) and today's, made once per state of the calendar
 * (page.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { view, date, today } = shownRange(request, member.timeZone);
  return pageData(await calendarPage(member.id, member.timeZone, view, date, today));
}

/** A dialog opened over the calendar, or closed back to it, leaves its range (a busy month is
 * ~14 ms of the server's CPU under load) as it is; a change saved, or another range, reads it again. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !queryStays(args, calendarQuery) && args.defaultShouldRevalidate;

export default function Calendar() {
  const { range, today, occurrences, more, daily, made } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Once FullCalendar is showing, it is the calendar: the agenda (what a member without JS, or
  // whose FullCalendar has not loaded yet, uses) would repeat its range and its navigation.
  const [gridShown, setGridShown] = useState(false);
  const [picked, setPicked] = useState<{ from: string; day: string } | null>(null);
  // Under the grid on a phone: the day tapped, else today, else the range's first day with any.
  const pickedDay =
    picked && picked.from === range.from
      ? picked.day
      : range.from <= today && today <= range.to
        ? today
        : (occurrences.find((occurrence) => occurrence.start.slice(0, 10) >= range.date)?.start.slice(0, 10) ?? range.date);
  useReloadAfterNotice();
  const here = calendarAddress(range.view, range.date);
  // The dialogs carry the range as the page's own address names it, written once (a month may
  // link some 1,500 occurrences). Named or not (the plain /user/calendar shows this month), it
  // is the same page, but not to Remix: a dialog naming it where the page did not would have
  // the month read again under the dialog.
  const ownQuery = String(calendarQuery(new URL(useLocation().search, "http://calendar.invalid")));
  const query = ownQuery ? `?${ownQuery}` : "";
  const dialog = (path: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(ownQuery);
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    return `/user/calendar${path}${params.size ? `?${params}` : ""}`;
  };
  // Made again only for other data: the page draws itself again when the grid shows and when a
  // day is tapped, and a month's agenda may list hundreds.
  const agenda = useMemo(
    () => (
      <RenderCache parts={["agenda", made, query]}>
        <Agenda
          occurrences={occurrences}
          more={more}
          taskLink={(taskId) => `/user/calendar/tasks/${taskId}${query}`}
          dayLink={(date) => calendarAddress("day", date)}
        />
      </RenderCache>
    ),
    [made, query, occurrences, more],
  );
  return (
    <>
      <div className="page-header">
        <h1>Calendar</h1>
        <div className="page-actions">
          <Link to={dialog("/new")} className="button" preventScrollReset>
            Add task
          </Link>
          <Link to={dialog("/new", { kind: "appointment" })} className="button button--secondary" preventScrollReset>
            Add appointment
          </Link>
        </div>
      </div>
      <div className="calendar-layout">
        <aside className="card calendar-aside">
          {/* Kept as HTML by the server while the calendar's state is the same (`made`). */}
          <RenderCache parts={["daily", made, here]}>
            <DailyTasks today={today} occurrences={daily} back={here} />
          </RenderCache>
        </aside>
        <div className="calendar-main">
          {hydrated ? (
            // Nothing in its place while it loads: the agenda stays where it is until the grid
            // replaces it, in the frame the grid is first drawn in (calendar.css: no layout
            // shift; Lighthouse's CLS was 0.3).
            <Suspense fallback={null}>
              <div className="card full-calendar" data-testid="full-calendar">
                <FullCalendarView
                  key={`${range.view}-${range.from}`}
                  view={range.view}
                  date={range.date}
                  occurrences={occurrences}
                  more={more}
                  dayLink={(date) => calendarAddress("day", date)}
                  dayName={dayHeading}
                  onRange={(view, date) => {
                    if (calendarRange(view, date).from !== range.from || view !== range.view)
                      navigate(calendarAddress(view, date), { replace: true, preventScrollReset: true });
                  }}
                  onOpen={(taskId) => navigate(dialog(`/tasks/${taskId}`), { preventScrollReset: true })}
                  onLink={(address) => navigate(address)}
                  onDay={(date) => navigate(dialog("/new", { on: date }), { preventScrollReset: true })}
                  onPick={(day) => setPicked({ from: range.from, day })}
                  onShown={() => setGridShown(true)}
                />
              </div>
            </Suspense>
          ) : null}
          {gridShown && range.view !== "day" ? (
            <DayList
              day={pickedDay}
              heading={dayHeading(pickedDay)}
              occurrences={occurrences}
              more={more[pickedDay] ?? 0}
              taskLink={(taskId) => `/user/calendar/tasks/${taskId}${query}`}
              dayLink={calendarAddress("day", pickedDay)}
              addLink={dialog("/new", { on: pickedDay })}
            />
          ) : null}
          <section className="card calendar-agenda" aria-labelledby="agenda-heading" hidden={gridShown}>
            <div className="agenda-bar">
              <h2 id="agenda-heading">{range.title}</h2>
              <nav aria-label="Calendar dates" className="agenda-nav">
                <Link to={calendarAddress(range.view, range.previous)} rel="prev" className="button button--secondary button--small">
                  ← Previous
                </Link>
                <Link to={calendarAddress(range.view, today)} className="button button--secondary button--small">
                  Today
                </Link>
                <Link to={calendarAddress(range.view, range.next)} rel="next" className="button button--secondary button--small">
                  Next →
                </Link>
              </nav>
              <nav aria-label="Calendar views" className="agenda-nav">
                {VIEWS.map((view) => (
                  <Link
                    key={view.value}
                    to={calendarAddress(view.value, range.date)}
                    aria-current={view.value === range.view ? "page" : undefined}
                    className="button button--secondary button--small"
                  >
                    {view.label}
                  </Link>
                ))}
              </nav>
            </div>
            {agenda}
          </section>
        </div>
      </div>
      <Outlet />
    </>
  );
}

/** The month grid and today's tasks side by side need the dashboard's width: in a list's, a
 * day of the month was ~80 px wide and FullCalendar's title broke inside its word. */
export const handle = pageKind("dashboard");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Calendar · ${data.range.title} · Chapter` : "Calendar · Chapter" }];
