import { Link } from "@remix-run/react";

/** A row's Edit and Delete links (its dialogs), each naming the row to a screen reader. */
export function RowActions({ editTo, deleteTo, name }: { editTo: string; deleteTo: string; name: string }) {
  return (
    <p className="event-owner-actions">
      <Link to={editTo} preventScrollReset className="button button--secondary button--small">
        Edit<span className="visually-hidden"> {name}</span>
      </Link>
      <Link to={deleteTo} preventScrollReset className="button button--secondary button--danger button--small">
        Delete<span className="visually-hidden"> {name}</span>
      </Link>
    </p>
  );
}
