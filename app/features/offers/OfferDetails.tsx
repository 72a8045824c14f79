import type { ReactNode } from "react";
import { offerPrice } from "~/features/offers/OfferCard";

type ShownImage = { url: string; medium: { url: string; width: number | null; height: number | null } };

/** An offer's images at their light rendition; `actions` adds the owner's controls under each. */
export function OfferImages<Image extends ShownImage>({ images, actions }: { images: Image[]; actions?: (image: Image) => ReactNode }) {
  if (!images.length) return null;
  return (
    <ul className="offer-images" aria-label="Images">
      {images.map((image) => (
        <li key={image.url}>
          <img
            src={image.medium.url}
            alt=""
            loading="lazy"
            decoding="async"
            width={image.medium.width ?? undefined}
            height={image.medium.height ?? undefined}
          />
          {actions?.(image)}
        </li>
      ))}
    </ul>
  );
}

/** Price and owner, as members and visitors see them; `children` adds further terms. */
export function OfferDetails({ offer, children }: { offer: { price_cents: number | null; currency: string; owner_name: string }; children?: ReactNode }) {
  const price = offerPrice(offer);
  return (
    <dl className="details">
      {price ? (
        <>
          <dt>Price</dt>
          <dd>{price}</dd>
        </>
      ) : null}
      <dt>Offered by</dt>
      <dd>{offer.owner_name}</dd>
      {children}
    </dl>
  );
}
