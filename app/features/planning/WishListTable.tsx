import { formatDate, formatMoney } from "~/lib/format";
import { OwnerActions } from "~/ui/list-card";
import { ListTable } from "~/ui/list-table";
import { StatusSelect } from "~/ui/status-select";
import { WISH_LIST_STATUSES, WISH_LIST_TYPES, labelOf } from "./constants";

type Item = {
  id: number;
  title: string;
  type: string;
  target_date: string | null;
  cost_cents: number | null;
  currency: string;
  notes: string | null;
  status: string;
  imageUrl: string | null;
};

/** One year of the wish list: each item with its type, date, cost, status select and actions.
 * `search` (the page's year and filter) rides along into the dialogs, so closing them keeps it. */
export function WishListTable({ items, search }: { items: Item[]; search: string }) {
  return (
    <ListTable headings={["Wish", "Type", "Target date", "Estimated cost", "Status"]} actions="Actions" className="planning-list">
      {items.map((item) => (
        <tr key={item.id} data-testid="wish-list-item" className={`planning-row planning-row--${item.status}`}>
          <th scope="row">
            <div className="planning-title">
              {item.imageUrl ? <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" /> : null}
              <div>
                <span>{item.title}</span>
                {item.status === "achieved" ? (
                  // Achieved, not struck through: a line through the title reads as cancelled.
                  <span className="badge badge--achieved">
                    <span aria-hidden="true">✓ </span>Achieved
                  </span>
                ) : null}
                {item.notes ? <p className="muted prewrap planning-notes">{item.notes}</p> : null}
              </div>
            </div>
          </th>
          <td data-label="Type">{labelOf(WISH_LIST_TYPES, item.type)}</td>
          <td data-label="Target date">{item.target_date ? formatDate(item.target_date) : "—"}</td>
          <td data-label="Estimated cost">{item.cost_cents === null ? "—" : formatMoney(item.cost_cents, item.currency)}</td>
          <td data-label="Status">
            <StatusSelect
              action={`/user/wish-list/${item.id}/status${search}`}
              value={item.status}
              options={WISH_LIST_STATUSES}
              label={`Status of ${item.title}`}
            />
          </td>
          <td className="cell-action">
            <OwnerActions editTo={`/user/wish-list/${item.id}/edit${search}`} deleteTo={`/user/wish-list/${item.id}/delete${search}`} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
