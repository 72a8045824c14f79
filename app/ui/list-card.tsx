import { Link } from "@remix-run/react";

/** A list card's picture (the medium rendition, lazily loaded) or the title's first letter,
 * linking to the item; hidden from assistive technology, since the title links there too. */
export function ListCardImage({
  to,
  title,
  image,
}: {
  to: string;
  title: string;
  image: { url: string; width: number | null; height: number | null } | null;
}) {
  return (
    <Link to={to} className="event-card-image" tabIndex={-1} aria-hidden="true">
      {image ? (
        <img src={image.url} alt="" loading="lazy" decoding="async" width={image.width ?? undefined} height={image.height ?? undefined} />
      ) : (
        <span className="event-card-placeholder">{title.charAt(0)}</span>
      )}
    </Link>
  );
}

/** The owner's Edit · Delete dialog links on a list card (callers keep the list's query in
 * them, so closing the dialog returns to the same results). */
export function OwnerActions({ editTo, deleteTo }: { editTo: string; deleteTo: string }) {
  return (
    <p className="event-owner-actions">
      <Link to={editTo} preventScrollReset>
        Edit
      </Link>{" "}
      ·{" "}
      <Link to={deleteTo} preventScrollReset>
        Delete
      </Link>
    </p>
  );
}
