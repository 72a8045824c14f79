import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { getMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getMember(request)) throw redirect("/user");
  return null;
}

export default function Welcome() {
  return (
    <section className="hero">
      <h1>Your business club, in one place</h1>
      <p className="muted">
        Chapter brings entrepreneurs, investors and business contacts together: your private contact book, events and tickets, offers, proposals and the plans
        for your year.
      </p>
      <p className="form-actions">
        <Link to="/signup" className="button">
          Join Chapter
        </Link>
        <Link to="/signin" className="button button--secondary">
          Sign in
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Chapter — members' business network" },
  { name: "description", content: "A members' business network: contacts, events, offers, proposals and planning." },
];
