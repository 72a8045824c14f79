import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** The loader of a SPEC.md §7 address that is not a page of its own (a call that takes POST, or
 * an old path of a dialog): a member who opens it is sent to `page`, a visitor signs in first;
 * a GET changes nothing. */
export function sendTo(page: string) {
  return async function loader({ request }: LoaderFunctionArgs) {
    await requireMember(request);
    return redirect(page);
  };
}
