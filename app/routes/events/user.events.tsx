import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { EventCard } from "~/features/events/EventCard";
import { type EventWhen, listEvents } from "~/features/events/events.server";
import { requestedPage } from "~/lib/paging";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import { SearchForm } from "~/ui/search-form";
import { WhenTabs } from "~/ui/when-tabs";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 200) || null;
  const when: EventWhen = params.get("when") === "past" ? "past" : "upcoming";
  const result = await listEvents(member.id, { q, when, page: requestedPage(params) });
  return json({ ...result, q, when });
}

export default function Events() {
  const { events, total, page, pages, q, when } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/user/events";
  const query = (next: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const values = { q, when: when === "past" ? "past" : null, ...next };
    for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
    return params.toString() ? `?${params}` : "";
  };

  return (
    <>
      <div className="page-header">
        <h1>Events</h1>
        <Link to={`/user/events/create${query({})}`} className="button" preventScrollReset>
          Create an event
        </Link>
      </div>
      <SearchForm action="/user/events" className="search-form card">
        {when === "past" ? <input type="hidden" name="when" value="past" /> : null}
        <label htmlFor="event-search">Search events</label>
        <div className="search-row">
          <input id="event-search" type="search" name="q" defaultValue={q ?? ""} placeholder="Title, venue, city or description" />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </SearchForm>
      <WhenTabs label="Which events" when={when} hrefOf={(tab) => `/user/events${query({ when: tab === "past" ? "past" : null })}`} />
      <section aria-labelledby="events-heading" aria-busy={searching || undefined} className={searching ? "results results--loading" : "results"}>
        <h2 id="events-heading" className="results-count">
          {total === 0 ? "No events" : total === 1 ? "1 event" : `${total} events`}
          {q ? " found" : ""}
        </h2>
        {total === 0 ? (
          q ? (
            <EmptyState action={<Link to={`/user/events${query({ q: null })}`}>Show all {when} events</Link>}>Nothing matches.</EmptyState>
          ) : (
            <EmptyState>{when === "past" ? "No past events yet." : "No upcoming events. Create one and invite the members."}</EmptyState>
          )
        ) : (
          <ul className="event-grid">
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} href={(target) => `/user/events${query({ page: String(target) })}`} />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Events · Chapter" }];
