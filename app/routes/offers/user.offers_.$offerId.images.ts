import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { addOfferImage, getOwnOffer } from "~/features/offers/offers.server";
import { fileUrl } from "~/lib/files.server";
import { requireFound, uploadRefused } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  return redirect(`/user/offers/${offer.id}`);
}

/** Adds an image to the owner's offer (the one upload path; images only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  const to = `/user/offers/${offer.id}`;
  const result = await receiveUpload(request, { kind: "product_image", ownerId: member.id });
  if (!result.ok) {
    return uploadRefused(request, result.error, to);
  }
  const file = result.file!;
  await addOfferImage(offer.id, file.id);
  return respond(
    request,
    { type: "success", message: "Image added." },
    { to, data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } } },
  );
}
