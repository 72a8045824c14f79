import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { ImportantToggle } from "~/features/contacts/ImportantToggle";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { formatPhone } from "~/lib/format-phone.server";
import { placeLabel } from "~/lib/places.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import { contactFileCounts } from "~/features/contacts/contact-files.server";
import { ContactFilesSection } from "~/features/contacts/ContactFilesSection";
import { businessCardCount } from "~/features/contacts/business-cards.server";
import { BusinessCardsSection } from "~/features/contacts/BusinessCardsSection";
import { ContactCategoriesSection } from "~/features/contacts/CategoryBadges";
import { labelsByContact } from "~/features/contacts/categories.server";
import { InvitationSection } from "~/features/invitations/InviteAction";
import { invitationOf } from "~/features/invitations/invitations.server";
import { pageKind } from "~/ui/page-kind";
import { ViewerTime } from "~/ui/viewer-time";

/** SPEC.md §2: /user/profile?cicid={contact id}, a contact's full profile. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(new URL(request.url).searchParams.get("cicid"), (id) => getContact(member.id, id));
  return json({
    contact: { ...contact, labels: (await labelsByContact([contact.id])).get(contact.id) ?? [] },
    place: placeLabel(contact),
    phone: contact.phone ? { dial: contact.phone, display: formatPhone(contact.phone) } : null,
    fileCounts: await contactFileCounts(contact.id),
    cardCount: await businessCardCount(contact.id),
    invitation: (await invitationOf(member.id, contact.id)).state,
  });
}

export default function ContactProfile() {
  const { contact, place, phone, fileCounts, cardCount, invitation } = useLoaderData<typeof loader>();
  const here = `/user/profile?cicid=${contact.id}`;
  const back = encodeURIComponent(here);
  const hasBusiness = [contact.company, contact.business_type, contact.industry, contact.website, contact.address, contact.business_description].some(Boolean);
  return (
    <>
      <p>
        <Link to="/user/contacts">← All contacts</Link>
      </p>
      <section className="card" aria-labelledby="contact-name">
        <div className="contact-card-head">
          <Avatar name={contact.name} url={contact.imageUrl} size={96} />
          <div className="contact-card-title">
            <h1 id="contact-name">{contact.name}</h1>
            {contact.occupation ? <p className="muted">{contact.occupation}</p> : null}
          </div>
          <ImportantToggle contactId={contact.id} important={contact.is_important === 1} name={contact.name} />
        </div>
        <dl className="details">
          <dt>E-mail</dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "—"}</dd>
          <dt>Phone</dt>
          <dd>{phone ? <a href={`tel:${phone.dial}`}>{phone.display}</a> : "—"}</dd>
          <dt>Location</dt>
          <dd>{place ?? "—"}</dd>
          <dt>Met at</dt>
          <dd>{contact.meet_place ?? "—"}</dd>
          <dt>Added</dt>
          <dd>
            <ViewerTime value={contact.created_at} dateOnly />
          </dd>
        </dl>
        <p className="form-actions">
          <Link to={`/user/contacts/edit/${contact.id}?back=${back}`} className="button button--secondary">
            Edit
          </Link>
          <Link to={`/user/contacts/${contact.id}/ticket?back=${back}`} className="button button--secondary">
            Send a ticket
          </Link>
          <Link to={`/user/referrals/give?contact=${contact.id}&back=${back}`} className="button button--secondary">
            Refer to a member…
          </Link>
          <Link to={`/user/contacts/${contact.id}/delete?back=${back}`} className="button button--secondary button--danger">
            Delete
          </Link>
        </p>
      </section>
      <section className="card" aria-labelledby="business-heading">
        <div className="page-header">
          <h2 id="business-heading">Business</h2>
          <Link to={`/user/contacts/view-business/${contact.id}`} className="button button--secondary button--small">
            {hasBusiness ? "Edit business" : "Add business details"}
          </Link>
        </div>
        {hasBusiness ? (
          <dl className="details">
            <dt>Company</dt>
            <dd>{contact.company ?? "—"}</dd>
            <dt>Business type</dt>
            <dd>{contact.business_type ?? "—"}</dd>
            <dt>Industry</dt>
            <dd>{contact.industry ?? "—"}</dd>
            <dt>Website</dt>
            <dd>
              {contact.website ? (
                <a href={contact.website} rel="noopener noreferrer nofollow">
                  {contact.website}
                </a>
              ) : (
                "—"
              )}
            </dd>
            <dt>Address</dt>
            <dd>{contact.address ?? "—"}</dd>
            <dt>About</dt>
            <dd className="prewrap">{contact.business_description ?? "—"}</dd>
          </dl>
        ) : (
          <p className="muted">No business details yet.</p>
        )}
      </section>
      <ContactCategoriesSection contact={contact} />
      <ContactFilesSection contactId={contact.id} counts={fileCounts} />
      <BusinessCardsSection contactId={contact.id} count={cardCount} />
      <InvitationSection contactId={contact.id} name={contact.name} state={invitation} back={here} />
      <Outlet />
    </>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction = ({ data }) => [{ title: `${(data as { contact?: { name: string } })?.contact?.name ?? "Contact"} · Chapter` }];
