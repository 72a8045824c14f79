import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToContactDialog } from "./contact-dialogs.server";

/** SPEC.md §7 GET /user/contact/other-category {contact_id}: the category dialog over the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => `/user/contacts/${id}/category/other?back=%2Fuser%2Fcontacts`);
}
