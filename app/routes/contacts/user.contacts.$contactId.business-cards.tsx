import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { AddArea } from "~/features/contacts/AddArea";
import { BusinessCardUpload } from "~/features/contacts/BusinessCardUpload";
import { businessCardCountLabel, businessCardsPath } from "~/features/contacts/business-cards";
import { businessCardUploadSettings, listBusinessCards } from "~/features/contacts/business-cards.server";
import { contactUploadPath } from "~/features/contacts/contact-files";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { uploadBusinessCard } from "./contact-uploads.server";

/** SPEC.md §2 business card list dialog, §4: no cards → the add area; cards → the list and
 * "Add More". `?back=` is where closing goes (the grid opens it too); else the profile. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const back = new URL(request.url).searchParams.get("back");
  return json({
    contact: { id: contact.id, name: contact.name },
    cards: await listBusinessCards(contact.id),
    upload: businessCardUploadSettings(),
    closeTo: back && /^\/user\/contacts(?:[/?]|$)/.test(back) ? back : `/user/profile?cicid=${contact.id}`,
  });
}

/** SPEC.md §7 simple_upload_business_card: the image and the crop (scaled[x, y, width, height]). */
export async function action({ request, params }: ActionFunctionArgs) {
  return uploadBusinessCard(request, params.contactId);
}

export default function ContactBusinessCards() {
  const { contact, cards, upload, closeTo } = useLoaderData<typeof loader>();
  const here = businessCardsPath(contact.id);
  return (
    <RouteDialog title={`Business cards of ${contact.name}`} closeTo={closeTo} size="large">
      <p className="business-cards-count">{businessCardCountLabel(cards.length)}</p>
      {cards.length === 0 ? (
        <p className="muted">No business cards yet. Add a photo or a scan of the card you were given.</p>
      ) : (
        <ul className="business-cards" aria-label="Business cards">
          {cards.map((card) => (
            <li key={card.id} className="business-card">
              {/* The full card in the browser's own viewer; the list stays open behind it. */}
              <a href={card.url} target="_blank" rel="noopener noreferrer" aria-label={`Open business card ${card.name}`}>
                <img src={card.url} alt={`Business card ${card.name}`} width={240} height={160} loading="lazy" />
              </a>
              <Link
                to={`${here}/${card.id}/delete`}
                className="button button--secondary button--small"
                aria-label={`Delete business card ${card.name}`}
                preventScrollReset
              >
                Delete
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AddArea count={cards.length} heading="Add a business card">
        <BusinessCardUpload
          action={here}
          accept={upload.accept}
          maxBytes={upload.maxBytes}
          chooseLabel={cards.length ? "Add another business card" : "Choose a business card image"}
          uploadTo={contactUploadPath(contact.id, "business-cards")}
        />
      </AddArea>
      <Outlet />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Business cards · Contacts · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
