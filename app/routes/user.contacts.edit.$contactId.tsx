import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/features/contacts/ContactForm";
import { contactFormData } from "~/features/contacts/contact-dialog.server";
import { requireOwnContact } from "~/features/contacts/contacts.server";
import { saveContact } from "~/features/contacts/save-contact.server";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, contact } = await requireOwnContact(request, params.contactId);
  return json({ contact, ...(await contactFormData(member.id, contact)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, contact } = await requireOwnContact(request, params.contactId);
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
