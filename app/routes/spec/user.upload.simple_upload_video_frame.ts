import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { uploadContactFile } from "~/routes/contacts/contact-uploads.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: multipart contact_id, file (the video dialog's own action does the same). */
export async function action({ request }: ActionFunctionArgs) {
  return uploadContactFile(request, null, "video");
}
