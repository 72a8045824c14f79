import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7's create business modal: the dialog over the member's businesses. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/businesses/new");
}
