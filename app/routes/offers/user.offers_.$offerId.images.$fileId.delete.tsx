import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseId } from "~/features/events/events.server";
import { offerImages, removeOfferImage, requireOwnOffer } from "~/features/offers/offers.server";
import { fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

async function requireOwnImage(request: Request, params: { offerId?: string; fileId?: string }) {
  const { member, offer } = await requireOwnOffer(request, params.offerId);
  const fileId = parseId(params.fileId);
  const image = (await offerImages(offer.id)).find((each) => each.id === fileId);
  if (!image) throw new Response("Not found", { status: 404 });
  return { member, offer, image };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { image } = await requireOwnImage(request, params);
  return json({ url: fileUrl(image.token, "thumbnail") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, offer, image } = await requireOwnImage(request, params);
  if (!(await removeOfferImage(member.id, offer.id, image.id))) throw new Response("Not found", { status: 404 });
  return respond(request, { type: "success", message: "The image is deleted." }, { to: `/user/offers/${offer.id}` });
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
