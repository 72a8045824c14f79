import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { AddArea } from "~/features/contacts/AddArea";
import { contactFilesPath, contactUploadPath } from "~/features/contacts/contact-files";
import { listContactFiles, uploadSettings } from "~/features/contacts/contact-files.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { formatBytes } from "~/lib/file-types";
import { FileUpload } from "~/ui/image-upload";
import { RouteDialog } from "~/ui/route-dialog";
import { uploadContactFile } from "./contact-uploads.server";
import { ViewerTime } from "~/ui/viewer-time";

/** SPEC.md §2 video list dialog, §4: no videos → the add area; videos → the list and "Add More". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return json({
    contact: { id: contact.id, name: contact.name },
    videos: await listContactFiles(contact.id, "video"),
    upload: uploadSettings("video"),
  });
}

/** SPEC.md §7 simple_upload_video_frame: multipart with the file. */
export async function action({ request, params }: ActionFunctionArgs) {
  return uploadContactFile(request, params.contactId, "video");
}

const HINT = "FLV, MP4, M3U8, TS, 3GP, MOV, AVI or WMV";

export default function ContactVideos() {
  const { contact, videos, upload } = useLoaderData<typeof loader>();
  const here = contactFilesPath(contact.id, "video");
  return (
    <RouteDialog title={`Videos of ${contact.name}`} closeTo={`/user/profile?cicid=${contact.id}`} size="large">
      {videos.length === 0 ? (
        <p className="muted">No videos yet. Keep a pitch, a talk or a meeting recording with this contact.</p>
      ) : (
        <ul className="contact-files" aria-label="Videos">
          {videos.map((video) => (
            <li key={video.id} className="contact-file">
              <details>
                <summary>
                  <span className="contact-file-name">{video.name}</span>{" "}
                  <span className="muted">
                    {formatBytes(video.size)} · <ViewerTime value={video.createdAt} dateOnly />
                  </span>
                </summary>
                {/* The player loads nothing until it is opened and played (SPEC.md §2). */}
                <video controls preload="none" src={video.url} className="contact-video" />
              </details>
              <Link to={`${here}/${video.id}/delete`} className="button button--secondary button--small" aria-label={`Delete ${video.name}`} preventScrollReset>
                Delete
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AddArea count={videos.length} heading="Add a video">
        <FileUpload
          action={here}
          accept={upload.accept}
          maxBytes={upload.maxBytes}
          label="video"
          hasImage={false}
          chooseLabel={videos.length ? "Add more videos" : "Choose a video"}
          hint={HINT}
          uploadTo={contactUploadPath(contact.id, "videos")}
        />
      </AddArea>
      <Outlet />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Videos · Contacts · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
