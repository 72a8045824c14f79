import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/features/contacts/ContactForm";
import { contactFormData } from "~/features/contacts/contact-dialog.server";
import { contactPhotoUploadSettings } from "~/features/contacts/contact-photo.server";
import { saveContact } from "~/features/contacts/save-contact.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ photoUpload: contactPhotoUploadSettings(), ...(await contactFormData(member.id, { country: null, province: null })) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveContact(request, member, null);
}

export default function AddContact() {
  const { constraint, places, suggestions, photoUpload } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Add a contact">
      <ContactForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{}}
        places={actionData?.places ?? places}
        suggestions={suggestions}
        contactId={null}
        submitLabel="Add contact"
        photo={photoUpload}
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add a contact · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
