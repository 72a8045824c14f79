import { Link } from "@remix-run/react";
import { RowMenu } from "~/ui/row-menu";

/** A row's Edit and Delete links (its dialogs) in the row's menu. Each names the row to a screen reader. */
export function RowActions({ editTo, deleteTo, name }: { editTo: string; deleteTo: string; name: string }) {
  return (
    <RowMenu name={name}>
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
    </RowMenu>
  );
}
