import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as deleteContactPhoto } from "~/routes/contacts/user.contacts.$contactId.delete-profile-image";
import { contactIdOfForm } from "./contact-dialogs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7 delete/contact_profile_image (contact_id) → type, message: the confirmation
 * dialog's action. 404 when the contact is not the member's or has no image. */
export async function action(args: ActionFunctionArgs) {
  return deleteContactPhoto({ ...args, params: { contactId: await contactIdOfForm(args.request) } });
}
