import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getOwnOffer, offerImage, removeOfferImage } from "~/features/offers/offers.server";
import { fileUrl } from "~/lib/files.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

async function requireOwnImage(request: Request, params: { offerId?: string; fileId?: string }) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  const image = await requireFound(params.fileId, (id) => offerImage(offer.id, id));
  return { member, offer, image };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { image } = await requireOwnImage(request, params);
  return json({ url: fileUrl(image.token, "thumbnail") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, offer, image } = await requireOwnImage(request, params);
  if (!(await removeOfferImage(member.id, offer.id, image.id))) notFound();
  return respond(request, { type: "success", message: "Image deleted." }, { to: `/user/offers/${offer.id}` });
}

export default function ConfirmDeleteOfferImage() {
  const { url } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this image?">
      <img src={url} alt="The image to delete" width={100} height={100} />
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete image · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
