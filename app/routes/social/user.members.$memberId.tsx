import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { FriendButton } from "~/features/social/FriendButton";
import { LookingForHeading } from "~/features/social/question";
import { relationship } from "~/features/social/friendship.server";
import { PostList } from "~/features/timeline/PostList";
import { memberProfile } from "~/features/timeline/members.server";
import { listPosts } from "~/features/timeline/posts.server";
import { parseId, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import { pageKind } from "~/ui/page-kind";

/** A member's page: profile and cover images, name, "Looking for", and the posts of theirs
 * the viewer may see (SPEC.md §1 Timeline). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireMember(request);
  const profile = await requireFound(params.memberId, memberProfile);
  const before = parseId(new URL(request.url).searchParams.get("before"));
  const page = await listPosts(viewer.id, { authorId: profile.id, before });
  const own = profile.id === viewer.id;
  const friendship = own ? null : await relationship(viewer.id, profile.id);
  return json({ ...page, profile, own, friendship, older: Boolean(before) });
}

export default function MemberPage() {
  const { profile, own, friendship, older, ...page } = useLoaderData<typeof loader>();
  const path = `/user/members/${profile.id}`;
  const memberType = MEMBER_TYPES.find((type) => type.value === profile.member_type)?.label;
  return (
    <div className="timeline member-page">
      <div className="profile-hero">
        {profile.photos.cover ? <img className="profile-cover" src={profile.photos.cover.url} alt="" /> : <div className="profile-cover" />}
        <div className="profile-identity">
          <Avatar name={profile.name} url={profile.photos.profile?.thumbnailUrl} size={96} />
          <div>
            <h1>{profile.name}</h1>
            <p className="muted">{[memberType, profile.occupation, profile.business, profile.place].filter(Boolean).join(" · ")}</p>
          </div>
        </div>
      </div>
      <section className="card" aria-labelledby="looking-for-heading">
        <LookingForHeading id="looking-for-heading" question={profile.looking_for} />
        <p className="post-message">{profile.looking_for ?? "—"}</p>
        {/* The member's actions: photo settings on one's own page; friendship and chat
            buttons for others go here. */}
        <div className="member-actions form-actions" data-slot="member-actions">
          {own ? (
            <>
              <Link to="/user/settings/photos" className="button button--secondary">
                Change your photos
              </Link>
              <Link to="/user/timeline/post/new" className="button">
                Write a post
              </Link>
            </>
          ) : friendship ? (
            <>
              <FriendButton memberId={profile.id} name={profile.name} state={friendship} />
              <Link to={`/user/referrals/give?to=${profile.id}&back=${encodeURIComponent(path)}`} className="button button--secondary">
                Give a referral
              </Link>
              {friendship === "friends" ? (
                <Link to={`/user/chat/${profile.id}`} className="button button--secondary">
                  Send a message
                </Link>
              ) : null}
            </>
          ) : null}
        </div>
      </section>
      <h2>{own ? "Your posts" : `Posts of ${profile.name}`}</h2>
      {older ? (
        <p>
          <Link to={path}>Back to the newest posts</Link>
        </p>
      ) : null}
      <PostList page={page} path={path} back={path} empty={own ? "You have not posted yet." : "No posts to show."} />
      <Outlet />
    </div>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.profile.name} · Chapter` : "Member · Chapter" }];
