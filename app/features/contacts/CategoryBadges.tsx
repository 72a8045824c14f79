import { Link } from "@remix-run/react";
import { CATEGORY_KINDS, categoryLabel, OTHER_CATEGORIES, REAL_ESTATE_CATEGORIES } from "./categories";

type Categorised = {
  labels: { id: number; name: string }[];
  real_estate_category: string | null;
  other_category: string | null;
  chapter_head: string | null;
};

/** A contact's categories as badges (the grid's cards and the profile). */
export function CategoryBadges({ contact }: { contact: Categorised }) {
  const badges = [
    ...contact.labels.map((label) => label.name),
    categoryLabel(REAL_ESTATE_CATEGORIES, contact.real_estate_category),
    categoryLabel(OTHER_CATEGORIES, contact.other_category),
    contact.chapter_head ? `Head of ${contact.chapter_head}` : null,
  ].filter(Boolean);
  if (!badges.length) return null;
  return (
    <ul className="badges" aria-label="Categories">
      {badges.map((badge) => (
        <li key={badge} className="badge">
          {badge}
        </li>
      ))}
    </ul>
  );
}

/** The profile's categories: the badges and the four category dialogs (SPEC.md §2), which
 * come back to the profile. */
export function ContactCategoriesSection({ contact }: { contact: Categorised & { id: number } }) {
  const back = encodeURIComponent(`/user/profile?cicid=${contact.id}`);
  return (
    <section className="card" aria-labelledby="contact-categories-heading">
      <h2 id="contact-categories-heading">Categories</h2>
      {contact.labels.length || contact.real_estate_category || contact.other_category || contact.chapter_head ? (
        <CategoryBadges contact={contact} />
      ) : (
        <p className="muted">No categories yet.</p>
      )}
      <ul className="contact-files-links">
        {CATEGORY_KINDS.map((item) => (
          <li key={item.kind}>
            <Link to={`/user/contacts/${contact.id}/category/${item.kind}?back=${back}`}>{item.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
