import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { suggestions } from "~/features/contacts/contacts.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §6/§7: the member's earlier values, as suggestions (signed-in members only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const values = await suggestions(member.id, "meet_place");
  return json(
    values.map((value) => ({ meet_place: value })),
    { headers: { "Cache-Control": "private, no-cache" } },
  );
}
