import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { RouteDialog } from "~/ui/route-dialog";

/** The filter dialog of a yearly list: a GET form onto the list, so the filter stays in the
 * address with the year. */
export function YearFilterDialog({ title, list, year, children }: { title: string; list: string; year: number; children: ReactNode }) {
  return (
    <RouteDialog title={title} closeTo={`${list}${useLocation().search}`} size="small">
      <Form method="get" action={list}>
        <input type="hidden" name="year" value={year} />
        {children}
        <div className="dialog-actions">
          <Link to={`${list}?year=${year}`} className="button button--secondary" preventScrollReset>
            Clear filter
          </Link>
          <button type="submit" className="button">
            Apply filter
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}
