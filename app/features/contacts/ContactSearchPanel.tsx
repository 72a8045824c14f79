import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SearchForm } from "~/ui/search-form";
import { OTHER_CATEGORIES, REAL_ESTATE_CATEGORIES } from "./categories";
import { type ContactSort, SORTS } from "./constants";
import type { ContactFilters } from "./contacts.server";

const SORT_LABELS: Record<ContactSort, string> = { name: "Name", newest: "Newest first", oldest: "Oldest first" };

/**
 * The contact list's searches (text, meet place, business) and its sort and filters: GET forms,
 * each keeping the others' choices in hidden fields. Its own component so that the server can
 * send it again as it was for the same address (ui/render-cache.tsx): its inputs are the
 * filters, the member's categories and `here`, the list's address.
 */
export function ContactSearchPanel({
  filters,
  labels,
  here,
}: {
  filters: ContactFilters;
  labels: { id: number; name: string; contacts: number }[];
  here: string;
}) {
  const [searchParams] = useSearchParams();
  // The sort and filters fold away on narrow screens unless one is in use (contacts.css shows
  // them on wide screens; with JS they open there in browsers without ::details-content).
  const optionsActive = Boolean(filters.sort !== "name" || filters.important || filters.label || filters.realEstate || filters.other || filters.chapterHeads);
  const searchPanel = useRef<HTMLDivElement>(null);
  // Read once: afterwards the member opens and closes it (a filter switched off as they use
  // it must not fold it away under them).
  const [optionsOpen] = useState(optionsActive);
  const [moreSearchesOpen] = useState(Boolean(filters.meetPlace || filters.business));
  useEffect(() => {
    if (window.matchMedia("(min-width: 760px)").matches) searchPanel.current?.querySelectorAll("details").forEach((details) => (details.open = true));
  }, []);
  const keep = (names: string[]) =>
    names.map((name) => (searchParams.get(name) ? <input key={name} type="hidden" name={name} value={searchParams.get(name)!} /> : null));

  const searchForms = [
    { name: "q", label: "Search contacts", placeholder: "Name, e-mail, phone…", value: filters.q },
    { name: "meet_place", label: "Search by meet place", placeholder: "Where you met", value: filters.meetPlace },
    { name: "business", label: "Search by business", placeholder: "Company, industry, type", value: filters.business },
  ];

  // One search at a time: each form keeps the sort and filters, not the other searches.
  const searchForm = (search: (typeof searchForms)[number]) => (
    <SearchForm key={search.name} className="search-form" aria-label={search.label}>
      {keep(["sort", "important", "label", "real_estate", "other", "chapter_head"])}
      <label htmlFor={`search-${search.name}`}>{search.label}</label>
      <div className="search-row">
        <input id={`search-${search.name}`} type="search" name={search.name} defaultValue={search.value ?? ""} placeholder={search.placeholder} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
    </SearchForm>
  );

  return (
    <div className="contact-search card" ref={searchPanel}>
      {searchForm(searchForms[0])}
      <details className="list-options-details more-searches" open={moreSearchesOpen || undefined}>
        <summary>More searches{filters.meetPlace || filters.business ? " (on)" : ""}</summary>
        <div className="more-searches-forms">{searchForms.slice(1).map(searchForm)}</div>
      </details>
      <details className="list-options-details" open={optionsOpen || undefined}>
        <summary>Sort and filter{optionsActive ? " (on)" : ""}</summary>
        <SearchForm landmark={false} className="list-options">
          {keep(["q", "meet_place", "business"])}
          <label>
            Sort by{" "}
            <select name="sort" defaultValue={filters.sort}>
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          {labels.length ? (
            <span className="label-filter">
              <label>
                My category{" "}
                <select name="label" defaultValue={filters.label ?? ""}>
                  <option value="">Any</option>
                  {labels.map((label) => (
                    <option key={label.id} value={label.id}>
                      {label.name} ({label.contacts})
                    </option>
                  ))}
                </select>
              </label>{" "}
              <Link to={`categories?back=${encodeURIComponent(here)}`} preventScrollReset>
                Rename or delete
              </Link>
            </span>
          ) : null}
          <CategorySelect label="Real estate" name="real_estate" value={filters.realEstate} options={REAL_ESTATE_CATEGORIES} />
          <CategorySelect label="Other" name="other" value={filters.other} options={OTHER_CATEGORIES} />
          <label className="choice">
            <input type="checkbox" name="chapter_head" value="1" defaultChecked={filters.chapterHeads} /> Chapter heads
          </label>
          <label className="choice">
            <input type="checkbox" name="important" value="1" defaultChecked={filters.important} /> Important only
          </label>
          <button type="submit" className="button button--secondary button--small">
            Apply
          </button>
        </SearchForm>
      </details>
    </div>
  );
}

/** A filter by one of the fixed category lists, "Any" first. */
function CategorySelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value?: string | null;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label>
      {label}{" "}
      <select name={name} defaultValue={value ?? ""}>
        <option value="">Any</option>
        {options.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    </label>
  );
}
