import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, type ShouldRevalidateFunction, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { labelsOf } from "~/features/contacts/categories.server";
import { ContactCard } from "~/features/contacts/ContactCard";
import { ContactSearchPanel } from "~/features/contacts/ContactSearchPanel";
import { listContacts } from "~/features/contacts/contacts.server";
import { contactFiltersFrom } from "~/features/contacts/filters.server";
import { CONTACT_LIST, contactListQuery } from "~/features/contacts/list-query";
import { invitationStates } from "~/features/invitations/invitations.server";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";
import { Pager } from "~/ui/pager";
import { EmptyState } from "~/ui/empty-state";
import { useLinkClicks } from "~/ui/link-clicks";
import { RenderCache } from "~/ui/render-cache";
import { queryStays } from "~/ui/revalidation";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const filters = contactFiltersFrom(contactListQuery(new URL(request.url)));
  const [page, labels] = await Promise.all([listContacts(member.id, filters), labelsOf(member.id)]);
  const invitations = await invitationStates(
    member.id,
    page.contacts.map((contact) => contact.id),
  );
  return pageData({ ...page, filters, labels, invitations });
}

// The list is read again when its own query changes (a dialog opened over it and closed keeps
// it), and after anything sent.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !queryStays(args, contactListQuery) && args.defaultShouldRevalidate;

export default function Contacts() {
  const { contacts, total, page, pages, filters, labels, invitations } = useLoaderData<typeof loader>();
  const filtered = Boolean(
    filters.q || filters.meetPlace || filters.business || filters.important || filters.label || filters.realEstate || filters.other || filters.chapterHeads,
  );
  // Menus close after each navigation (a chosen dialog opens, or one was saved).
  const location = useLocation();
  const locationKey = location.key;
  const searchParams = contactListQuery(new URL(location.pathname + location.search, "http://list"));
  const here = `${CONTACT_LIST}${searchParams.toString() ? `?${searchParams}` : ""}`;
  const followLink = useLinkClicks({ preventScrollReset: true });
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/user/contacts";
  const pageLink = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(target));
    // From the list's address: behind a dialog, a relative `?page=` would stay on the dialog's.
    return `${CONTACT_LIST}?${next}`;
  };
  const exportParams = new URLSearchParams(searchParams);
  exportParams.delete("page");
  const exportQuery = exportParams.toString() ? `?${exportParams}` : "";
  return (
    <>
      <div className="page-header">
        <h1>Contacts</h1>
        <Link to="add" className="button" preventScrollReset>
          Add a contact
        </Link>
      </div>
      <RenderCache parts={[filters, labels, here]}>
        <ContactSearchPanel filters={filters} labels={labels} here={here} />
      </RenderCache>

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
