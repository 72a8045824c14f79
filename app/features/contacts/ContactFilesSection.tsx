import { Link } from "@remix-run/react";

/** The profile's links to the contact's video list dialog and document modal (SPEC.md §2). */
export function ContactFilesSection({ contactId, counts }: { contactId: number; counts: { videos: number; documents: number } }) {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <section className="card" aria-labelledby="contact-files-heading">
      <h2 id="contact-files-heading">Videos and documents</h2>
      <ul className="contact-files-links">
        <li>
          <Link to={`/user/contacts/${contactId}/videos`} preventScrollReset>
            Videos
          </Link>{" "}
          <span className="badge">{plural(counts.videos, "video", "videos")}</span>
        </li>
        <li>
          <Link to={`/user/contacts/${contactId}/documents`} preventScrollReset>
            Documents
          </Link>{" "}
          <span className="badge">{plural(counts.documents, "document", "documents")}</span>
        </li>
      </ul>
    </section>
  );
}
