import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OfferDetails, OfferImages } from "~/features/offers/OfferDetails";
import { findPublicOffer } from "~/features/offers/offers.server";
import { orNotFound } from "~/lib/http.server";
import { getMember } from "~/lib/session.server";

/** SPEC.md's public product view: /non-user-product?product_id=<the offer's public token>
 * (never its id). Members are sent to the member view. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("product_id") ?? "";
  const found = orNotFound(await findPublicOffer(token));
  if (await getMember(request)) throw redirect(`/user/offers/${found.id}`);
  return json({ offer: found.offer }, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

export default function PublicOffer() {
  const { offer } = useLoaderData<typeof loader>();
  return (
    <article className="public-offer card">
      <p className="muted">An offer from a member of Chapter</p>
      <h1>{offer.title}</h1>
      <OfferImages images={offer.images} />
      <OfferDetails offer={offer} />
      {offer.description ? <p className="offer-description">{offer.description}</p> : null}
      <div className="invite">
        <h2>Interested?</h2>
        <p>Join Chapter to contact {offer.owner_name}, see more offers and meet members at events.</p>
        <p>
          <Link to="/signup" className="button">
            Sign up
          </Link>{" "}
          or <Link to="/signin">sign in</Link>
        </p>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.offer.title ?? "Offer"} · Chapter` }, { name: "robots", content: "noindex" }];
