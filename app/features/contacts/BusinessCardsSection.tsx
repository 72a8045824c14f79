import { Link } from "@remix-run/react";
import { businessCardCountLabel, businessCardsPath } from "./business-cards";

/** The profile's link to the contact's business card list dialog (SPEC.md §2). */
export function BusinessCardsSection({ contactId, count }: { contactId: number; count: number }) {
  return (
    <section className="card" aria-labelledby="business-cards-heading">
      <h2 id="business-cards-heading">Business cards</h2>
      <p>
        <Link to={businessCardsPath(contactId)} preventScrollReset>
          {count ? "Show business cards" : "Add a business card"}
        </Link>{" "}
        <span className="badge">{businessCardCountLabel(count)}</span>
      </p>
    </section>
  );
}
