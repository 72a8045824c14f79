import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOfferImage } from "~/features/offers/offers.server";
import { fileResponse } from "~/lib/files.server";
import { orNotFound } from "~/lib/http.server";

/** An offer's image for the public offer view (no sign-in): images attached to an offer and
 * nothing else; every other file stays behind /user/files. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = orNotFound(await publicOfferImage(params.token ?? ""));
  return fileResponse(request, file, { cacheControl: "public, max-age=3600" });
}
