import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

// SPEC.md §7's GET /user/contact/file_import: the import dialog lives over the contact list.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts/import");
}
