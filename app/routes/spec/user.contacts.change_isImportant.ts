import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact, setImportant } from "~/features/contacts/contacts.server";
import { parseId } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: POST contact_id, is_important (1 or 0) → type, message. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const id = parseId(form.get("contact_id"));
  const value = String(form.get("is_important") ?? "");
  if (value !== "0" && value !== "1") throw new Response("is_important must be 1 or 0", { status: 400 });
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact || !(await setImportant(member.id, contact.id, value === "1"))) throw new Response("Not found", { status: 404 });
  return respond(request, {
    type: "success",
    message: value === "1" ? `${contact.name} is marked important.` : `${contact.name} is no longer marked important.`,
  });
}
