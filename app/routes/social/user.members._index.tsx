import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { FriendButton } from "~/features/social/FriendButton";
import { directoryChoices, directoryFiltersFrom, directoryFiltersParams, listDirectory } from "~/features/social/directory.server";
import { QuestionLabel } from "~/features/social/question";
import { redirectWithoutEmptyParams } from "~/lib/http.server";
import { requestedPage } from "~/lib/paging";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import { SearchForm } from "~/ui/search-form";

/** The member directory: the club's members, filtered and paged by the address's query. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  redirectWithoutEmptyParams(request);
  const search = new URL(request.url).searchParams;
  const filters = directoryFiltersFrom(search);
  const choices = await directoryChoices(member.id, filters.country);
  // A city left over from another country (the country was changed without JavaScript) would
  // only empty the list.
  if (filters.city && !choices.cities.some((city) => city.value === filters.city)) delete filters.city;
  const list = await listDirectory(member.id, filters, requestedPage(search));
  return json({ filters, query: directoryFiltersParams(filters).toString(), choices, ...list });
}

export default function MemberDirectory() {
  const { filters, query, choices, members, total, page, pages } = useLoaderData<typeof loader>();
  const filtering = query !== "";
  // The fields are the browser's own (they work without JS); when the list changes another
  // way (Clear filters, Back), they follow it, except the one being typed in.
  useEffect(() => {
    const form = document.getElementById("directory-filters");
    if (!(form instanceof HTMLFormElement)) return;
    const values: Record<string, string | undefined> = { ...filters, member_type: filters.memberType };
    for (const name of ["q", "member_type", "industry", "country", "city"]) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement) field.value = values[name] ?? "";
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  return (
    <section className="member-directory">
      <div className="page-header">
        <h1>Member directory</h1>
        <Link to="/user/search" className="button button--secondary button--small">
          Find a member by name
        </Link>
      </div>
      <SearchForm
        id="directory-filters"
        className="directory-filters card"
        aria-label="Filter members"
        preventScrollReset
        onChange={(event) => {
          // Another country's cities are other cities.
          const target = event.target as HTMLSelectElement;
          if (target.name === "country") {
            const city = event.currentTarget.elements.namedItem("city");
            if (city instanceof HTMLSelectElement) city.value = "";
          }
        }}
      >
        <div className="directory-filter directory-filter--search">
          <label htmlFor="directory-q">Search</label>
          <input id="directory-q" type="search" name="q" defaultValue={filters.q ?? ""} placeholder="Name, business, industry…" maxLength={100} />
        </div>
        <DirectorySelect label="Member type" name="member_type" value={filters.memberType} any="Any type" options={MEMBER_TYPES} />
        <DirectorySelect label="Industry" name="industry" value={filters.industry} any="Any industry" options={choices.industries} />
        <DirectorySelect label="Country" name="country" value={filters.country} any="Any country" options={choices.countries} />
        <DirectorySelect label="City" name="city" value={filters.city} any="Any city" options={choices.cities} />
        <div className="directory-filter-actions">
          <button type="submit" className="button button--secondary">
            Show members
          </button>
          {filtering ? (
            <Link to="/user/members" preventScrollReset>
              Clear filters
            </Link>
          ) : null}
        </div>
      </SearchForm>

      <h2 className="directory-count" aria-live="polite">
        {total === 1 ? "1 member" : `${total} members`}
      </h2>
      {members.length === 0 ? (
        <EmptyState>{filtering ? "No members match these filters." : "No other members are listed yet."}</EmptyState>
      ) : (
        <ul className="directory-list" aria-label="Members">
          {members.map((member) => (
            <li key={member.id} className="directory-card" data-testid="directory-member">
              <Avatar name={member.name} url={member.avatarUrl} size={64} />
              <div className="directory-card-text">
                <Link to={member.url} className="member-result-name">
                  {member.name}
                </Link>
                <p className="muted">{[member.memberType, member.occupation].filter(Boolean).join(" · ")}</p>
                {member.business || member.industry ? <p>{[member.business, member.industry].filter(Boolean).join(" · ")}</p> : null}
                {member.place ? <p className="muted">{member.place}</p> : null}
                {member.lookingFor ? (
                  <p className="member-question">
                    <QuestionLabel question={member.lookingFor} />
                    {member.lookingFor}
                  </p>
                ) : null}
              </div>
              <FriendButton memberId={member.id} name={member.name} state={member.friendStatus} addLabel="Connect" />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(target) => `/user/members?${query ? `${query}&` : ""}page=${target}`} />
    </section>
  );
}

function DirectorySelect({
  label,
  name,
  value,
  any,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  any: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = `directory-${name}`;
  return (
    <div className="directory-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Member directory · Chapter" }];
