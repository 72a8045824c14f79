import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { OTHER_CATEGORIES, REAL_ESTATE_CATEGORIES } from "~/features/contacts/categories";
import { labelsOf } from "~/features/contacts/categories.server";
import { listContacts } from "~/features/contacts/contacts.server";
import { contactFiltersFrom } from "~/features/contacts/filters.server";
import { type ContactSort, SORTS } from "~/features/contacts/constants";
import { invitationStates } from "~/features/invitations/invitations.server";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";
import { Pager } from "~/ui/pager";
import { SearchForm } from "~/ui/search-form";
import { EmptyState } from "~/ui/empty-state";
import { useLinkClicks } from "~/ui/link-clicks";
import { RenderCache } from "~/ui/render-cache";
import { ContactCard } from "~/features/contacts/ContactCard";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const filters = contactFiltersFrom(new URL(request.url).searchParams);
  const [page, labels] = await Promise.all([listContacts(member.id, filters), labelsOf(member.id)]);
  const invitations = await invitationStates(member.id, page.contacts.map((contact) => contact.id));
  return pageData({ ...page, filters, labels, invitations });
}

const SORT_LABELS: Record<ContactSort, string> = { name: "Name", newest: "Newest first", oldest: "Oldest first" };

export default function Contacts() {
  const { contacts, total, page, pages, filters, labels, invitations } = useLoaderData<typeof loader>();
  const filtered = Boolean(
    filters.q || filters.meetPlace || filters.business || filters.important || filters.label || filters.realEstate || filters.other || filters.chapterHeads,
  );
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
  const [searchParams] = useSearchParams();
  // Menus close after each navigation (a chosen dialog opens, or one was saved).
  const { key: locationKey } = useLocation();
  const here = `/user/contacts${searchParams.toString() ? `?${searchParams}` : ""}`;
  const followLink = useLinkClicks({ preventScrollReset: true });
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/user/contacts";
  const keep = (names: string[]) =>
    names.map((name) => (searchParams.get(name) ? <input key={name} type="hidden" name={name} value={searchParams.get(name)!} /> : null));
  const pageLink = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(target));
    return `?${next}`;
  };
  const exportParams = new URLSearchParams(searchParams);
  exportParams.delete("page");
  const exportQuery = exportParams.toString() ? `?${exportParams}` : "";
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
    <>
      <div className="page-header">
        <h1>Contacts</h1>
        <Link to="add" className="button" preventScrollReset>
          Add a contact
        </Link>
      </div>
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
            <label>
              Real estate{" "}
              <select name="real_estate" defaultValue={filters.realEstate ?? ""}>
                <option value="">Any</option>
                {REAL_ESTATE_CATEGORIES.map((item) => (
                  <option key={item.value} value={item.value}>
                    {item.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Other{" "}
              <select name="other" defaultValue={filters.other ?? ""}>
                <option value="">Any</option>
                {OTHER_CATEGORIES.map((item) => (
                  <option key={item.value} value={item.value}>
                    {item.label}
                  </option>
                ))}
              </select>
            </label>
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

      <section aria-labelledby="results-heading" aria-busy={searching || undefined} className={searching ? "results results--loading" : "results"}>
        <h2 id="results-heading" className="results-count">
          {total === 0 ? "No contacts" : total === 1 ? "1 contact" : `${total} contacts`}
          {filtered ? " found" : ""}
        </h2>
        {total === 0 ? (
          filtered ? (
            <EmptyState action={<Link to="/user/contacts">Show all contacts</Link>}>Nothing matches.</EmptyState>
          ) : (
            <EmptyState
              action={
                <Link to="import" className="button button--secondary" preventScrollReset>
                  Import contacts
                </Link>
              }
            >
              Your contact book is empty. Add the people you meet: they stay private to you.
            </EmptyState>
          )
        ) : (
          // The cards' Edit and More links are plain anchors followed by one handler (ui/link-clicks.ts).
          <ul className="contact-grid" onClick={followLink}>
            {contacts.map((contact) => (
              <li key={contact.id} className="contact-card" data-testid="contact-card">
                <RenderCache parts={[contact, invitations[contact.id] ?? null, here]}>
                  <ContactCard contact={contact} invitation={invitations[contact.id] ?? { status: "none" }} here={here} menuKey={locationKey} />
                </RenderCache>
              </li>
            ))}
          </ul>
        )}
        {total > 0 ? (
          <p className="export-links">
            <Link to="import" preventScrollReset>
              Import contacts
            </Link>{" "}
            · Export {filtered ? "these" : "all"} contacts:{" "}
            <a href={`/user/contacts/export.csv${exportQuery}`} download>
              CSV
            </a>{" "}
            ·{" "}
            <a href={`/user/contacts/export.vcf${exportQuery}`} download>
              vCard
            </a>
          </p>
        ) : null}
        <Pager page={page} pages={pages} href={pageLink} />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Contacts · Chapter" }];
