import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { labelsOf } from "~/features/contacts/categories.server";
import { backTo } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

/** The member's own "my category" labels, each to rename or delete:
 * /user/contacts/categories?back={the opener}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const back = backTo(request, "/user/contacts");
  const labels = await labelsOf(member.id);
  return json({
    labels: labels.map((label) => ({ id: label.id, name: label.name, contacts: Number(label.contacts) })),
    back,
  });
}

export default function MyCategories() {
  const { labels, back } = useLoaderData<typeof loader>();
  const returnTo = `?back=${encodeURIComponent(back)}`;
  return (
    <RouteDialog title="My categories" closeTo={back} size="small">
      {labels.length ? (
        <ul className="label-list" aria-label="My categories">
          {labels.map((label) => (
            <li key={label.id}>
              <span>
                <strong>{label.name}</strong> <span className="muted">({label.contacts === 1 ? "1 contact" : `${label.contacts} contacts`})</span>
              </span>
              <span className="label-actions">
                <Link to={`/user/contacts/categories/${label.id}${returnTo}`} aria-label={`Rename ${label.name}`} preventScrollReset>
                  Rename
                </Link>{" "}
                ·{" "}
                <Link
                  to={`/user/contacts/categories/${label.id}/delete${returnTo}`}
                  aria-label={`Delete ${label.name}`}
                  className="button button--secondary button--danger button--small"
                  preventScrollReset
                >
                  Delete
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">You have no categories of your own yet: name one in a contact&apos;s “My category” dialog.</p>
      )}
      <div className="dialog-actions">
        <Link to={back} className="button" preventScrollReset>
          Done
        </Link>
      </div>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "My categories · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
