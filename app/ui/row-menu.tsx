import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A row's actions folded into its menu, as on the contact cards: a <details>, so it opens
 * without JavaScript too, its list opening inside the row (a table that scrolls sideways would
 * cut a menu over the page off). `name` tells a screen reader whose actions they are; the items
 * are <li>s holding links ("menu-separator" sets one apart, "menu-danger" colours a link).
 */
export function RowMenu({ name, label = "Actions", children }: { name: string; label?: string; children: ReactNode }) {
  // Keyed by the location, so a menu is closed again once its dialog has done its work.
  const { key } = useLocation();
  return (
    <details className="menu action-menu row-menu" key={key}>
      <summary className="button button--secondary button--small">
        {label}
        <span className="visually-hidden"> for {name}</span>
      </summary>
      <ul>{children}</ul>
    </details>
  );
}
