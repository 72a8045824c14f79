import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { uploadBusinessCard } from "~/routes/contacts/contact-uploads.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: multipart contact_id, file, scaled[x, y, width, height] → type, file.thumbnailUrl. */
export async function action({ request }: ActionFunctionArgs) {
  return uploadBusinessCard(request, null);
}
