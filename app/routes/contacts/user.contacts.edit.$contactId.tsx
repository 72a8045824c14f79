import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/features/contacts/ContactForm";
import { contactFormData } from "~/features/contacts/contact-dialog.server";
import { contactPhotoUploadSettings } from "~/features/contacts/contact-photo.server";
import { getContact } from "~/features/contacts/contacts.server";
import { CONTACT_LIST } from "~/features/contacts/list-query";
import { formatPhone } from "~/lib/format-phone.server";
import { backTo, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { saveContact } from "./save-contact.server";
import { Avatar } from "~/ui/avatar";
import { ImageUpload } from "~/ui/image-upload";
import { RouteDialog } from "~/ui/route-dialog";

/** SPEC.md §2's Edit on a contact: /user/contacts/edit/{id}?back={the opener}, where closing
 * goes (the list as the member left it, or the profile); saving lands on the profile. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const back = backTo(request, CONTACT_LIST);
  const defaults: Record<string, string> = Object.fromEntries(
    (["name", "email", "phone", "occupation", "meet_place", "country", "province", "city"] as const).map((key) => [key, contact[key] ?? ""]),
  );
  // As the contact's page writes it ("+234 802 123 4567", not "+2348021234567"); saved, it is
  // read back to the same number.
  if (contact.phone) defaults.phone = formatPhone(contact.phone);
  return json({ contact, back, defaults, photoUpload: contactPhotoUploadSettings(), ...(await contactFormData(member.id, contact)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return saveContact(request, member, contact);
}

export default function EditContact() {
  const { contact, back, defaults, constraint, places, suggestions, photoUpload } = useLoaderData<typeof loader>();
  const returnTo = `?back=${encodeURIComponent(back)}`;
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title={`Edit ${contact.name}`} closeTo={back}>
      <ContactForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        places={actionData?.places ?? places}
        suggestions={suggestions}
        contactId={contact.id}
        submitLabel="Save contact"
      />
      {/* The contact's picture: its own form (a file), under the contact form. */}
      <section aria-labelledby="contact-photo-heading" className="contact-photo">
        <h3 id="contact-photo-heading">Profile image</h3>
        <ImageUpload
          action={`/user/contacts/${contact.id}/profile-image${returnTo}`}
          accept={photoUpload.accept}
          maxBytes={photoUpload.maxBytes}
          label="profile image"
          hasImage={Boolean(contact.imageUrl)}
          renderPreview={(preview) =>
            preview ? (
              <img className="avatar avatar--64" src={preview} alt="The chosen image" width={64} height={64} />
            ) : (
              <Avatar name={contact.name} url={contact.imageUrl} size={64} />
            )
          }
          actions={
            contact.imageUrl ? (
              <Link to={`/user/contacts/${contact.id}/delete-profile-image${returnTo}`} className="button button--secondary button--danger" preventScrollReset>
                Delete
              </Link>
            ) : null
          }
        />
      </section>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit contact · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
