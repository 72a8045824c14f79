import { Link, useLocation } from "@remix-run/react";

/** A row's Edit and Delete links (its dialogs) folded into the row's menu, as on the contact
 * cards: a <details>, so it opens without JavaScript too. Each names the row to a screen reader. */
export function RowActions({ editTo, deleteTo, name }: { editTo: string; deleteTo: string; name: string }) {
  // Keyed by the location, so a menu is closed again once its dialog has done its work.
  const { key } = useLocation();
  return (
    <details className="menu action-menu row-menu" key={key}>
      <summary className="button button--secondary button--small">
        Actions<span className="visually-hidden"> for {name}</span>
      </summary>
      <ul>
        <li>
          <Link to={editTo} preventScrollReset>
            Edit<span className="visually-hidden"> {name}</span>
          </Link>
        </li>
        <li className="menu-separator">
          <Link to={deleteTo} preventScrollReset className="menu-danger">
            Delete<span className="visually-hidden"> {name}</span>
          </Link>
        </li>
      </ul>
    </details>
  );
}
