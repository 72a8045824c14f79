import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { OfferCard } from "~/features/offers/OfferCard";
import { eventsWithOffers, listOffers } from "~/features/offers/offers.server";
import { parseId } from "~/lib/http.server";
import { requestedPage } from "~/lib/paging";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const eventId = parseId(params.get("event_id"));
  const [result, events] = await Promise.all([listOffers(member.id, { eventId, page: requestedPage(params) }), eventsWithOffers()]);
  return json({ ...result, events, eventId });
}

export default function Offers() {
  const { offers, total, page, pages, events, eventId } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/user/offers";
  const eventName = events.find((event) => event.value === String(eventId))?.label;
  return (
    <>
      <div className="page-header">
        <h1>Offers</h1>
        <Link to={`/user/offers/create${useLocation().search}`} className="button" preventScrollReset>
          Create an offer
        </Link>
      </div>
      {/* SPEC.md §2: the search by event rewrites the query string and swaps the results. */}
      <Form
        method="get"
        action="/user/offers"
        role="search"
        className="search-form card"
        onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
      >
        <label htmlFor="offer-event">Search by event</label>
        <div className="search-row">
          <select id="offer-event" name="event_id" defaultValue={eventId ? String(eventId) : ""}>
            <option value="">All events</option>
            {events.map((event) => (
              <option key={event.value} value={event.value}>
                {event.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </Form>
      <section aria-labelledby="offers-heading" aria-busy={searching || undefined} className={searching ? "results results--loading" : "results"}>
        <h2 id="offers-heading" className="results-count">
          {total === 0 ? "No offers" : total === 1 ? "1 offer" : `${total} offers`}
          {eventId ? ` for ${eventName ?? "this event"}` : ""}
        </h2>
        {total === 0 ? (
          eventId ? (
            <EmptyState action={<Link to="/user/offers">Show all offers</Link>}>No offers for this event.</EmptyState>
          ) : (
            <EmptyState>No offers yet. Create one: members see it here, and you can share a public link with anyone.</EmptyState>
          )
        ) : (
          <ul className="offer-grid">
            {offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
        <Pager
          page={page}
          pages={pages}
          href={(target) => `/user/offers?${new URLSearchParams({ ...(eventId ? { event_id: String(eventId) } : {}), page: String(target) })}`}
        />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Offers · Chapter" }];
