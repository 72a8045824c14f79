import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { TrainingList } from "~/features/trainings/TrainingList";
import { type TrainingWhen, listTrainings } from "~/features/trainings/trainings.server";
import { requestedPage } from "~/lib/paging";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import { SearchForm } from "~/ui/search-form";
import { WhenTabs } from "~/ui/when-tabs";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 200) || null;
  const when: TrainingWhen = params.get("when") === "past" ? "past" : "upcoming";
  const result = await listTrainings({ q, when, page: requestedPage(params) });
  return json({ ...result, q, when });
}

export default function Trainings() {
  const { trainings, total, page, pages, q, when } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/user/trainings";
  const query = (next: Record<string, string | null>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ q, when: when === "past" ? "past" : null, ...next })) if (value) params.set(key, value);
    const text = params.toString();
    return text ? `?${text}` : "";
  };
  return (
    <>
      <div className="page-header">
        <h1>Trainings</h1>
        <Link to={`/user/trainings/new${search}`} className="button" preventScrollReset>
          Create a training
        </Link>
      </div>
      <SearchForm action="/user/trainings" className="search-form card">
        {when === "past" ? <input type="hidden" name="when" value="past" /> : null}
        <label htmlFor="training-search">Search trainings</label>
        <div className="search-row">
          <input id="training-search" type="search" name="q" defaultValue={q ?? ""} placeholder="Title, trainer, place or description" />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </SearchForm>
      <WhenTabs label="Which trainings" when={when} hrefOf={(tab) => `/user/trainings${query({ when: tab === "past" ? "past" : null })}`} />
      <section aria-labelledby="trainings-heading" aria-busy={searching || undefined} className={searching ? "results results--loading" : "results"}>
        <h2 id="trainings-heading" className="results-count">
          {total === 0 ? "No trainings" : total === 1 ? "1 training" : `${total} trainings`}
          {q ? " found" : ""}
        </h2>
        {total === 0 ? (
          q ? (
            <EmptyState action={<Link to={`/user/trainings${query({ q: null })}`}>Show all {when} trainings</Link>}>Nothing matches.</EmptyState>
          ) : when === "past" ? (
            <EmptyState>No past trainings yet.</EmptyState>
          ) : (
            <EmptyState
              action={
                <Link to={`/user/trainings/new${search}`} className="button" preventScrollReset>
                  Create a training
                </Link>
              }
            >
              No trainings coming up. Share what you know: members register, and you see who is coming.
            </EmptyState>
          )
        ) : (
          <TrainingList trainings={trainings} />
        )}
        <Pager page={page} pages={pages} href={(target) => `/user/trainings${query({ page: String(target) })}`} />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Trainings · Chapter" }];
