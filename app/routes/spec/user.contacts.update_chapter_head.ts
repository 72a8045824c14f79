import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToContactDialog } from "./contact-dialogs.server";

/** SPEC.md §7 GET /user/contacts/update_chapter_head {contact_id}: the chapter head dialog. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => `/user/contacts/${id}/category/chapter-head?back=%2Fuser%2Fcontacts`);
}
