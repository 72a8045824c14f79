import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { oneToOneStatusLabel } from "~/features/referrals/constants";
import { listOneToOnes } from "~/features/referrals/one-to-ones.server";
import { formatDate } from "~/lib/format";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { ListTable } from "~/ui/list-table";

/** The member's one-to-ones: those waiting for their confirmation first, then the latest. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ oneToOnes: await listOneToOnes(member.id) });
}

export default function OneToOnes() {
  const { oneToOnes } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>One-to-ones</h1>
        <Link to="/user/one-to-ones/new" className="button" preventScrollReset>
          Record a one-to-one
        </Link>
      </div>
      <p className="muted">Met another member one to one? Record it: they confirm, and it counts for both of you.</p>
      <section aria-labelledby="one-to-ones-heading" className="results">
        <h2 id="one-to-ones-heading" className="results-count">
          {oneToOnes.length === 1 ? "1 one-to-one" : `${oneToOnes.length} one-to-ones`}
        </h2>
        {oneToOnes.length ? (
          <ListTable headings={["With", "Met on", "Where", "Status"]}>
            {oneToOnes.map((item) => (
              <tr key={item.id} data-testid="one-to-one">
                <th scope="row">
                  <Link to={`/user/one-to-ones/${item.id}`}>{item.with}</Link>
                </th>
                <td data-label="Met on">{formatDate(item.met_on)}</td>
                <td data-label="Where">{item.place ?? "—"}</td>
                <td data-label="Status">
                  <span className={item.toAnswer ? "badge badge--open" : "badge"}>
                    {item.toAnswer ? "Waiting for your confirmation" : oneToOneStatusLabel(item.status)}
                  </span>
                </td>
              </tr>
            ))}
          </ListTable>
        ) : (
          <EmptyState
            action={
              <Link to="/user/one-to-ones/new" className="button" preventScrollReset>
                Record a one-to-one
              </Link>
            }
          >
            No one-to-ones yet. Meeting members one to one is how you learn whom to refer to them.
          </EmptyState>
        )}
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "One-to-ones · Chapter" }];
