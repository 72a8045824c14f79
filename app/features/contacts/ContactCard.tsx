import { Link } from "@remix-run/react";
import { InviteAction } from "~/features/invitations/InviteAction";
import type { InvitationState } from "~/features/invitations/state";
import { Avatar } from "~/ui/avatar";
import { CATEGORY_KINDS } from "./categories";
import { CategoryBadges } from "./CategoryBadges";
import { ImportantToggle } from "./ImportantToggle";

export type CardContact = {
  id: number;
  name: string;
  occupation: string | null;
  meet_place: string | null;
  city: string | null;
  company: string | null;
  is_important: number;
  imageUrl: string | null;
  labels: { id: number; name: string }[];
  real_estate_category: string | null;
  other_category: string | null;
  chapter_head: string | null;
};

/**
 * A contact's card in the grid: name, photo, the important star, where they met, city and
 * business, categories, Edit, Invite and the More menu. Its own component so that a card the
 * server kept (ui/render-cache.tsx) costs one element, not the ~60 it renders. `here` is the
 * list's address, which its dialogs return to; `menuKey` closes the menu after a navigation.
 */
export function ContactCard({ contact, invitation, here, menuKey }: { contact: CardContact; invitation: InvitationState; here: string; menuKey: string }) {
  const back = encodeURIComponent(here);
  return (
    <>
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
      <CategoryBadges contact={contact} />
      <div className="contact-actions">
        <a className="button button--secondary button--small" data-discover="true" href={`/user/contacts/edit/${contact.id}?back=${back}`}>
          Edit
        </a>
        <InviteAction contactId={contact.id} name={contact.name} state={invitation} back={here} variant="grid" />
        <details className="menu action-menu" key={menuKey}>
          <summary className="button button--secondary button--small">
            More<span className="visually-hidden"> for {contact.name}</span>
          </summary>
          <ul>
            {CATEGORY_KINDS.map((item) => (
              <li key={item.kind}>
                <a data-discover="true" href={`/user/contacts/${contact.id}/category/${item.kind}?back=${back}`}>
                  {item.title}
                </a>
              </li>
            ))}
            <li className="menu-separator">
              <a data-discover="true" href={`/user/contacts/${contact.id}/business-cards?back=${back}`}>
                Business cards
              </a>
            </li>
            <li>
              <a data-discover="true" href={`/user/contacts/${contact.id}/ticket?back=${back}`}>
                Send ticket
              </a>
            </li>
            <li className="menu-separator">
              <a className="menu-danger" data-discover="true" href={`/user/contacts/${contact.id}/delete?back=${back}`}>
                Delete
              </a>
            </li>
          </ul>
        </details>
      </div>
    </>
  );
}
