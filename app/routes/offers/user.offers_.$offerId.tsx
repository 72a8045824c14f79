import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { OfferInterest } from "~/features/offers/OfferCard";
import { OfferDetails, OfferImages } from "~/features/offers/OfferDetails";
import { getOffer, offerImages } from "~/features/offers/offers.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { acceptAttribute } from "~/lib/file-types";
import { fileUrl, mediumSize } from "~/lib/files.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { uploadLimit } from "~/lib/uploads.server";
import { CopyButton } from "~/ui/copy-button";
import { DetailPageHeader } from "~/ui/detail-page-header";
import { ImageUpload } from "~/ui/image-upload";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOffer(id, member.id));
  const images = (await offerImages(offer.id)).map((image) => ({
    id: image.id,
    url: fileUrl(image.token),
    name: image.original_name,
    medium: { url: fileUrl(image.token, "medium"), ...mediumSize(image.width, image.height) },
  }));
  return json({
    offer,
    images,
    publicUrl: offer.publicPath ? `${await publicOrigin(request)}${offer.publicPath}` : null,
    upload: { accept: acceptAttribute("product_image"), maxBytes: uploadLimit("product_image", "image") },
  });
}

export default function OfferDetail() {
  const { offer, images, publicUrl, upload } = useLoaderData<typeof loader>();
  return (
    <>
      <DetailPageHeader back="/user/offers" backLabel="All offers" title={offer.title}>
        {offer.isOwner ? (
          <div className="event-owner-actions">
            <Link to={`/user/offers/edit/${offer.id}`} className="button button--secondary">
              Edit
            </Link>{" "}
            <Link to={`/user/offers/delete/${offer.id}`} className="button button--secondary button--danger">
              Delete
            </Link>
          </div>
        ) : null}
      </DetailPageHeader>
      <article className="card">
        <OfferImages
          images={images}
          actions={(image) =>
            offer.isOwner ? (
              <Link to={`images/${image.id}/delete`} className="offer-image-actions" preventScrollReset aria-label={`Delete image ${image.name}`}>
                Delete
              </Link>
            ) : null
          }
        />
        <OfferDetails offer={offer}>
          {offer.event_id && offer.event_title ? (
            <>
              <dt>Event</dt>
              <dd>
                <Link to={`/user/events/${offer.event_id}`}>{offer.event_title}</Link>
              </dd>
            </>
          ) : null}
        </OfferDetails>
        {offer.description ? <p className="offer-description">{offer.description}</p> : null}
        <OfferInterest offer={offer} />
      </article>
      {offer.isOwner ? (
        <>
          <section className="card" aria-labelledby="share-heading">
            <h2 id="share-heading">Share public link</h2>
            <p className="muted">Anyone with this link sees the offer, its images and your name, and is invited to join.</p>
            <p className="share-link">
              <code data-testid="public-link">{publicUrl}</code> <CopyButton text={publicUrl ?? ""} label="Copy link" />
            </p>
          </section>
          <section className="card" aria-labelledby="images-heading">
            <h2 id="images-heading">Add an image</h2>
            <ImageUpload
              action={`/user/offers/${offer.id}/images`}
              accept={upload.accept}
              maxBytes={upload.maxBytes}
              label="offer image"
              chooseLabel="Choose an image to add"
              hasImage={false}
            />
          </section>
        </>
      ) : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.offer.title ?? "Offer"} · Chapter` }];
