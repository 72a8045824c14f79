import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { contactFilesPath, contactUploadPath } from "~/features/contacts/contact-files";
import { listContactFiles, uploadSettings } from "~/features/contacts/contact-files.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { extensionOf, formatBytes } from "~/lib/file-types";
import { FileUpload } from "~/ui/image-upload";
import { RouteDialog } from "~/ui/route-dialog";
import { uploadContactFile } from "./contact-uploads.server";
import { ViewerTime } from "~/ui/viewer-time";

/** SPEC.md §2 document modal: the contact's documents, with download, delete and upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return json({
    contact: { id: contact.id, name: contact.name },
    documents: await listContactFiles(contact.id, "document"),
    upload: uploadSettings("document"),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadContactFile(request, params.contactId, "document");
}

const HINT = "PDF, Word, Excel, PowerPoint, OpenDocument, TXT, CSV or an image (JPG, PNG, GIF)";

export default function ContactDocuments() {
  const { contact, documents, upload } = useLoaderData<typeof loader>();
  const here = contactFilesPath(contact.id, "document");
  return (
    <RouteDialog title={`Documents of ${contact.name}`} closeTo={`/user/profile?cicid=${contact.id}`} size="large">
      {documents.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <table className="list list--stacked contact-documents">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Preview</span>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Size</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => {
              const type = (extensionOf(document.name) || "file").toUpperCase();
              return (
                <tr key={document.id}>
                  <td>
                    {document.thumbnailUrl ? (
                      <img src={document.thumbnailUrl} alt="" width={48} height={48} className="document-thumbnail" loading="lazy" />
                    ) : (
                      <span className="badge document-badge" aria-hidden="true">
                        {type}
                      </span>
                    )}
                  </td>
                  <td data-label="Name">{document.name}</td>
                  <td data-label="Type">{type}</td>
                  <td data-label="Size">{formatBytes(document.size)}</td>
                  <td data-label="Added">
                    <ViewerTime value={document.createdAt} dateOnly />
                  </td>
                  <td>
                    <span className="form-actions">
                      <a
                        href={document.url}
                        download={document.name}
                        className="button button--secondary button--small"
                        aria-label={`Download ${document.name}`}
                      >
                        Download
                      </a>
                      <Link
                        to={`${here}/${document.id}/delete`}
                        className="button button--secondary button--small"
                        aria-label={`Delete ${document.name}`}
                        preventScrollReset
                      >
                        Delete
                      </Link>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <section aria-labelledby="add-document-heading" className="contact-files-add">
        <h3 id="add-document-heading">{documents.length ? "Add More" : "Add a document"}</h3>
        <FileUpload
          action={here}
          accept={upload.accept}
          maxBytes={upload.maxBytes}
          label="document"
          hasImage={false}
          chooseLabel="Choose a document"
          hint={HINT}
          uploadTo={contactUploadPath(contact.id, "documents")}
        />
      </section>
      <Outlet />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Documents · Contacts · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
