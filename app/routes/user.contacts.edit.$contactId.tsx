import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/features/contacts/ContactForm";
import { contactFormData } from "~/features/contacts/contact-dialog.server";
import { getContact, parseContactId } from "~/features/contacts/contacts.server";
import { saveContact } from "~/features/contacts/save-contact.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

async function ownContact(request: Request, param: string | undefined) {
  const member = await requireMember(request);
  const id = parseContactId(param);
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact) throw new Response("Not found", { status: 404 });
  return { member, contact };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, contact } = await ownContact(request, params.contactId);
  return json({ contact, ...(await contactFormData(member.id, contact)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, contact } = await ownContact(request, params.contactId);
  return saveContact(request, member, contact.id);
}

export default function EditContact() {
  const { contact, constraint, places, suggestions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = Object.fromEntries(
    (["name", "email", "phone", "occupation", "meet_place", "country", "province", "city"] as const).map((key) => [key, contact[key] ?? ""]),
  );
  return (
    <RouteDialog title={`Edit ${contact.name}`}>
      <ContactForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        places={actionData?.places ?? places}
        suggestions={suggestions}
        contactId={contact.id}
        submitLabel="Save contact"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit contact · Chapter" }];
