import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The top of an item's own page (an event, an offer, a training, a business): the link back to
 * its list, its title and, beside it, what the viewer may do with it (`children`). */
export function DetailPageHeader({ back, backLabel, title, children }: { back: string; backLabel: string; title: string; children?: ReactNode }) {
  return (
    <>
      <p>
        <Link to={back}>{`← ${backLabel}`}</Link>
      </p>
      <div className="page-header">
        <h1>{title}</h1>
        {children}
      </div>
    </>
  );
}
