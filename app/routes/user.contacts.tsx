import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ImportantToggle } from "~/features/contacts/ImportantToggle";
import { listContacts } from "~/features/contacts/contacts.server";
import { contactFiltersFrom } from "~/features/contacts/filters.server";
import { type ContactSort, SORTS } from "~/features/contacts/schema";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const filters = contactFiltersFrom(new URL(request.url).searchParams);
  return json({ ...(await listContacts(member.id, filters)), filters });
}

/** Submits a GET search form as the member types (debounced); without JS it is a plain form. */
function useSearchAsYouType() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300);
  };
}

const SORT_LABELS: Record<ContactSort, string> = { name: "Name", newest: "Newest first", oldest: "Oldest first" };

export default function Contacts() {
  const { contacts, total, page, pages, filters } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const searchAsYouType = useSearchAsYouType();
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
    { name: "q", label: "Search contacts", placeholder: "Name, e-mail, phone, occupation, city", value: filters.q },
    { name: "meet_place", label: "Search by meet place", placeholder: "Where you met", value: filters.meetPlace },
    { name: "business", label: "Search by business", placeholder: "Company, industry or business type", value: filters.business },
  ];

  return (
    <>
      <div className="page-header">
        <h1>Contacts</h1>
        <Link to="add" className="button" preventScrollReset>
          Add a contact
        </Link>
      </div>
      <div className="contact-search card">
        {searchForms.map((search) => (
          <Form key={search.name} method="get" role="search" className="search-form" onChange={(event) => searchAsYouType(event.currentTarget)}>
            {keep(["sort", "important"])}
            <label htmlFor={`search-${search.name}`}>{search.label}</label>
            <div className="search-row">
              <input id={`search-${search.name}`} type="search" name={search.name} defaultValue={search.value ?? ""} placeholder={search.placeholder} />
              <button type="submit" className="button button--secondary">
                Search
              </button>
            </div>
          </Form>
        ))}
        <Form method="get" className="list-options" onChange={(event) => searchAsYouType(event.currentTarget)}>
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
          <label className="choice">
            <input type="checkbox" name="important" value="1" defaultChecked={filters.important} /> Important only
          </label>
          <button type="submit" className="button button--secondary button--small">
            Apply
          </button>
        </Form>
      </div>

      <section aria-labelledby="results-heading" aria-busy={searching || undefined} className={searching ? "results results--loading" : "results"}>
        <h2 id="results-heading" className="results-count">
          {total === 0 ? "No contacts" : total === 1 ? "1 contact" : `${total} contacts`}
          {filters.q || filters.meetPlace || filters.business || filters.important ? " found" : ""}
        </h2>
        {total === 0 ? (
          <p className="muted">
            {filters.q || filters.meetPlace || filters.business || filters.important ? (
              <>
                Nothing matches. <Link to="/user/contacts">Show all contacts</Link>
              </>
            ) : (
              "Your contact book is empty. Add the people you meet: they stay private to you."
            )}
          </p>
        ) : (
          <ul className="contact-grid">
            {contacts.map((contact) => (
              <li key={contact.id} className="contact-card" data-testid="contact-card">
                <div className="contact-card-head">
                  <Avatar name={contact.name} url={contact.imageUrl} size={64} />
                  <div className="contact-card-title">
                    <Link to={`/user/profile?cicid=${contact.id}`} className="contact-name">
                      {contact.name}
                    </Link>
                    {contact.occupation ? <p className="muted">{contact.occupation}</p> : null}
                  </div>
                  <ImportantToggle contactId={contact.id} important={contact.is_important === 1} name={contact.name} />
                </div>
                <dl className="details details--compact">
                  {contact.meet_place ? (
                    <>
                      <dt>Met at</dt>
                      <dd>{contact.meet_place}</dd>
                    </>
                  ) : null}
                  {contact.city ? (
                    <>
                      <dt>City</dt>
                      <dd>{contact.city}</dd>
                    </>
                  ) : null}
                  {contact.company ? (
                    <>
                      <dt>Business</dt>
                      <dd>{contact.company}</dd>
                    </>
                  ) : null}
                </dl>
                <div className="contact-actions">
                  <Link to={`/user/profile?cicid=${contact.id}`}>View</Link>
                  <Link to={`edit/${contact.id}`} preventScrollReset>
                    Edit
                  </Link>
                  <Link to={`${contact.id}/delete`} preventScrollReset>
                    Delete
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        {total > 0 ? (
          <p className="export-links">
            Export {filters.q || filters.meetPlace || filters.business || filters.important ? "these" : "all"} contacts:{" "}
            <a href={`/user/contacts/export.csv${exportQuery}`} download>
              CSV
            </a>{" "}
            ·{" "}
            <a href={`/user/contacts/export.vcf${exportQuery}`} download>
              vCard
            </a>
          </p>
        ) : null}
        {pages > 1 ? (
          <nav aria-label="Pages" className="pager">
            {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : <span />}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={pageLink(page + 1)}>Next</Link> : <span />}
          </nav>
        ) : null}
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Contacts · Chapter" }];
