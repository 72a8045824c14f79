import type { LoaderFunctionArgs } from "@remix-run/node";
import { contactFilesPath } from "~/features/contacts/contact-files";
import { redirectToContactDialog } from "./contact-dialogs.server";

/** SPEC.md §7 GET /user/documents/load_model {target, thumb, contact_id}: the contact's
 * documents dialog (target and thumb were the old client's page details; not needed). */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => contactFilesPath(id, "document"));
}
