import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A list card's picture (the medium rendition, lazily loaded) or, without one, the area's
 * `placeholder` (the title by default), linking to the item; hidden from assistive technology,
 * since the title links there too. */
export function ListCardImage({
  to,
  title,
  image,
  placeholder,
}: {
  to: string;
  title: string;
  image: { url: string; width: number | null; height: number | null } | null;
  placeholder?: ReactNode;
}) {
  return (
    <Link to={to} className="event-card-image" tabIndex={-1} aria-hidden="true">
      {image ? (
        <img src={image.url} alt="" loading="lazy" decoding="async" width={image.width ?? undefined} height={image.height ?? undefined} />
      ) : (
        (placeholder ?? <span className="event-card-placeholder">{title}</span>)
      )}
    </Link>
  );
}

/** The owner's Edit · Delete dialog links on a list card (callers keep the list's query in
 * them, so closing the dialog returns to the same results). */
export function OwnerActions({ editTo, deleteTo }: { editTo: string; deleteTo: string }) {
  return (
    <p className="event-owner-actions">
      <Link to={editTo} preventScrollReset className="button button--secondary button--small">
        Edit
      </Link>
      <Link to={deleteTo} preventScrollReset className="button button--secondary button--danger button--small">
        Delete
      </Link>
    </p>
  );
}
