import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getProfile } from "~/features/members/members.server";
import { memberPhotos } from "~/features/members/photos.server";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { currentMembership } from "~/features/membership/membership.server";
import { placeLabel } from "~/lib/places.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const profile = await getProfile(member.id);
  if (!profile) throw new Response("Not found", { status: 404 });
  const membership = await currentMembership(member.id);
  return json({
    profile,
    place: placeLabel(profile),
    photos: await memberPhotos(member.id),
    membership: membership ? { label: membership.label, coveredUntil: membership.coveredUntil } : null,
  });
}

export default function Home() {
  const { profile, place, photos, membership } = useLoaderData<typeof loader>();
  const memberType = MEMBER_TYPES.find((type) => type.value === profile.member_type)?.label;
  const missing = [profile.occupation, profile.business, profile.country, profile.looking_for].some((value) => !value);
  return (
    <>
      <div className="profile-hero">
        {photos.cover ? (
          <img className="profile-cover" src={photos.cover.url} alt="" />
        ) : (
          <div className="profile-cover" />
        )}
        <div className="profile-identity">
          <Avatar name={profile.name} url={photos.profile?.thumbnailUrl} size={96} />
          <div>
            <h1>Welcome, {profile.name}</h1>
            {membership ? (
              <>
                <span className="badge badge--package">{membership.label}</span>{" "}
              </>
            ) : null}
            {profile.role === "admin" ? <span className="badge">Admin</span> : null}
          </div>
        </div>
      </div>
      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Your profile</h2>
        <dl className="details">
          <dt>Member type</dt>
          <dd>{memberType}</dd>
          <dt>Occupation or position</dt>
          <dd>{profile.occupation ?? "—"}</dd>
          <dt>Business</dt>
          <dd>{[profile.business, profile.business_type].filter(Boolean).join(" · ") || "—"}</dd>
          <dt>Industry</dt>
          <dd>{profile.industry ?? "—"}</dd>
          <dt>Location</dt>
          <dd>{place ?? "—"}</dd>
          <dt>Looking for</dt>
          <dd>{profile.looking_for ?? "—"}</dd>
        </dl>
        {missing ? <p className="muted">Members find you by these details: the more you fill in, the better.</p> : null}
        <p className="form-actions">
          <Link to="/user/settings/photos" className="button button--secondary">
            {photos.profile ? "Change your photos" : "Add a profile image"}
          </Link>
          <Link to="/user/settings/profile" className="button button--secondary">
            Edit your profile
          </Link>
        </p>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Home · Chapter" }];
