import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, Field, type ListOfErrors } from "~/ui/field";

type Chosen = { id: number; name: string; occupation: string | null; business: string | null };

/**
 * Choosing a member inside a dialog without JavaScript: a GET form finds members by name (the
 * search in the address, with what the dialog keeps in `hidden`), and each one found is a link
 * that puts the member in the address (`chooseHref`). The chosen member shows with a link to
 * choose another. The dialog's own form sends the chosen id.
 */
export function MemberPicker({
  heading,
  action,
  chosen,
  query,
  found,
  hidden,
  chooseHref,
  clearHref,
  errors,
}: {
  heading: string;
  action: string;
  chosen: Chosen | null;
  query: string;
  found: { id: number; name: string }[] | null;
  hidden: ReactNode;
  chooseHref: (id: number) => string;
  clearHref: string;
  errors?: ListOfErrors;
}) {
  const detail = chosen ? [chosen.occupation, chosen.business].filter(Boolean).join(" · ") : "";
  return (
    <section className="referral-step" aria-labelledby="member-picker-heading">
      <h3 id="member-picker-heading">{heading}</h3>
      {chosen ? (
        <p>
          <strong data-testid="chosen-member">{chosen.name}</strong>
          {detail ? <span className="muted"> · {detail}</span> : null}{" "}
          <Link to={clearHref} preventScrollReset>
            Choose another member
          </Link>
        </p>
      ) : (
        <>
          <Form method="get" action={action} role="search" aria-label="Member search" preventScrollReset className="search-row">
            {hidden}
            <Field label="Find the member" inputProps={{ type: "search", name: "member_q", defaultValue: query, maxLength: 100, autoComplete: "off" }} />
            <button type="submit" className="button button--secondary">
              Search
            </button>
          </Form>
          {found ? (
            found.length ? (
              <ul className="referral-choices" aria-label="Members found">
                {found.map((item) => (
                  <li key={item.id}>
                    <Link to={chooseHref(item.id)} preventScrollReset className="button button--secondary button--small">
                      {item.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No members found.</p>
            )
          ) : null}
        </>
      )}
      <ErrorList errors={errors} />
    </section>
  );
}
