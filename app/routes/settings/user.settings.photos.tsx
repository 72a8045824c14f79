import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { memberPhotos } from "~/features/members/photos.server";
import { acceptAttribute } from "~/lib/file-types";
import { requireMember } from "~/lib/session.server";
import { uploadLimit } from "~/lib/uploads.server";
import { Avatar } from "~/ui/avatar";
import { ImageUpload } from "~/ui/image-upload";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({
    name: member.name,
    photos: await memberPhotos(member.id),
    limits: { profile: uploadLimit("profile_image", "image"), cover: uploadLimit("cover_image", "image") },
    accept: acceptAttribute("profile_image"),
  });
}

export default function Photos() {
  const { name, photos, limits, accept } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card" aria-labelledby="profile-image-heading">
        <h2 id="profile-image-heading">Profile image</h2>
        <p className="muted">Shown next to your name across Chapter.</p>
        <ImageUpload
          action="/user/ajax/file_upload/profile"
          accept={accept}
          maxBytes={limits.profile}
          label="profile image"
          hasImage={Boolean(photos.profile)}
          renderPreview={(preview) =>
            preview ? (
              <img className="avatar avatar--96" src={preview} alt="The chosen image" width={96} height={96} />
            ) : (
              <Avatar name={name} url={photos.profile?.thumbnailUrl} size={96} />
            )
          }
          actions={
            photos.profile ? (
              <Link to="profile-image/delete" className="button button--secondary button--danger" preventScrollReset>
                Delete
              </Link>
            ) : null
          }
        />
      </section>
      <section className="card" aria-labelledby="cover-image-heading">
        <h2 id="cover-image-heading">Cover image</h2>
        <p className="muted">The wide picture across the top of your profile.</p>
        <ImageUpload
          action="/user/ajax/file_upload/cover_image"
          accept={accept}
          maxBytes={limits.cover}
          label="cover image"
          hasImage={Boolean(photos.cover)}
          renderPreview={(preview) =>
            preview || photos.cover ? (
              <img className="profile-cover" src={preview ?? photos.cover!.url} alt={preview ? "The chosen image" : "Your cover image"} />
            ) : (
              <div className="profile-cover" role="img" aria-label="No cover image yet" />
            )
          }
          actions={
            photos.cover ? (
              <Link to="cover-image/delete" className="button button--secondary button--danger" preventScrollReset>
                Delete
              </Link>
            ) : null
          }
        />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Photos · Settings · Chapter" }];
