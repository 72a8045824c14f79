import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7's path for the event form; the dialog lives over the list at /user/events/create. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/events/create");
}
