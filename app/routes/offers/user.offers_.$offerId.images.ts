import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { addOfferImage, requireOwnOffer } from "~/features/offers/offers.server";
import { fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { receiveUpload, uploadErrorMessage } from "~/lib/uploads.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { offer } = await requireOwnOffer(request, params.offerId);
  return redirect(`/user/offers/${offer.id}`);
}

/** Adds an image to the owner's offer (the one upload path; images only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member, offer } = await requireOwnOffer(request, params.offerId);
  const to = `/user/offers/${offer.id}`;
  const result = await receiveUpload(request, { kind: "product_image", ownerId: member.id });
  if (!result.ok) {
    return respond(
      request,
      { type: "error", message: uploadErrorMessage(result.error) },
      { to, status: 400, data: { name: result.error.name, error: result.error.message } },
    );
  }
  const file = result.file!;
  await addOfferImage(offer.id, file.id);
  return respond(
    request,
    { type: "success", message: "The image is added." },
    { to, data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } } },
  );
}
