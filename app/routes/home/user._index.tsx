import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { countContacts } from "~/features/contacts/contacts.server";
import { comingUpFor } from "~/features/events/events.server";
import { getProfile } from "~/features/members/members.server";
import { memberPhotos } from "~/features/members/photos.server";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { currentMembership } from "~/features/membership/membership.server";
import { latestNetWorth } from "~/features/networth/networth.server";
import { openBigTasks } from "~/features/planning/big-task.server";
import { thisYear } from "~/features/planning/constants";
import { PlanningCard } from "~/features/planning/PlanningCard";
import { occurrencesBetween } from "~/features/calendar/calendar.server";
import { DailyTasks } from "~/features/calendar/DailyTasks";
import { shownOccurrence } from "~/features/calendar/shown.server";
import { todayIn } from "~/features/journal/dates";
import { openWishListItems } from "~/features/planning/wish-list.server";
import { nextTrainingFor } from "~/features/trainings/trainings.server";
import { homeReferrals } from "~/features/referrals/home.server";
import { ReferralsCard } from "~/features/referrals/ReferralsCard";
import { clubTimeZone } from "~/lib/club.server";
import { countIncomingRequests } from "~/features/social/friendship.server";
import { memberPath, postPath } from "~/features/timeline/PostCard";
import { latestPosts } from "~/features/timeline/posts.server";
import { actionStatusLabel, businessPath } from "~/features/planning/business-constants";
import { nextActions } from "~/features/planning/business.server";
import { orNotFound } from "~/lib/http.server";
import { placeLabel } from "~/lib/places.server";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";
import { formatDate, formatEventRange } from "~/lib/format";
import { Avatar } from "~/ui/avatar";
import { ViewerTime } from "~/ui/viewer-time";
import { pageKind } from "~/ui/page-kind";
import { useUnread } from "~/ui/root-data";

/** Characters of a post shown on the home page; the post's page has the rest. */
const EXCERPT = 200;
/** Items of each list on the Planning card; the pages have the rest. */
const PLANNING_ITEMS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const profile = orNotFound(await getProfile(member.id));
  const year = thisYear();
  const today = todayIn(member.timeZone);
  const [membership, photos, comingUp, friendRequests, posts, contacts, wishes, tasks, actions, nextTraining, netWorth, daily, referrals] = await Promise.all([
    currentMembership(member.id),
    memberPhotos(member.id),
    comingUpFor(member.id, 3),
    countIncomingRequests(member.id),
    latestPosts(member.id, 3),
    countContacts(member.id),
    openWishListItems(member.id, year, PLANNING_ITEMS),
    openBigTasks(member.id, year, PLANNING_ITEMS),
    nextActions(member.id, 5),
    nextTrainingFor(member.id),
    latestNetWorth(member.id, year),
    occurrencesBetween(member.id, today, today),
    clubTimeZone().then((zone) => homeReferrals(member.id, zone)),
  ]);
  return pageData({
    profile,
    place: placeLabel(profile),
    photos,
    membership: membership ? { label: membership.label, coveredUntil: membership.coveredUntil } : null,
    comingUp: {
      mine: comingUp.mine,
      events: comingUp.events.map((event) => ({
        id: event.id,
        title: event.title,
        startsAt: event.starts_at,
        endsAt: event.ends_at,
        timeZone: event.time_zone,
        place: event.place,
        going: event.going === true,
      })),
    },
    friendRequests,
    posts: posts.map((post) => ({
      id: post.id,
      author: post.author,
      message: post.message.length > EXCERPT ? `${post.message.slice(0, EXCERPT).trimEnd()}…` : post.message,
      createdAt: post.createdAt,
      privacy: post.privacy,
      files: post.fileCount,
      comments: post.commentCount,
    })),
    contacts,
    planning: { year, wishes, tasks, nextTraining, netWorth, today, daily: daily.map((occurrence) => shownOccurrence(occurrence, member.timeZone)) },
    nextActions: actions,
    referrals,
  });
}

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

export default function Home() {
  const { profile, place, photos, membership, comingUp, friendRequests, posts, contacts, planning, nextActions, referrals } = useLoaderData<typeof loader>();
  // The member area's loader counts them for the header's badges.
  const unread = useUnread();
  const memberType = MEMBER_TYPES.find((type) => type.value === profile.member_type)?.label;
  const missing = [profile.occupation, profile.business, profile.country, profile.looking_for].some((value) => !value);
  return (
    <div className="home">
      <div className="profile-hero">
        {photos.cover ? <img className="profile-cover" src={photos.cover.url} alt="" /> : <div className="profile-cover" />}
        <div className="profile-identity">
          <Avatar name={profile.name} url={photos.profile?.thumbnailUrl} size={96} />
          <div>
            <h1 id="welcome-heading">Welcome, {profile.name}</h1>
            {membership ? (
              <>
                <span className="badge badge--package">{membership.label}</span>{" "}
              </>
            ) : null}
            {profile.role === "admin" ? <span className="badge">Admin</span> : null}
          </div>
        </div>
      </div>
      <section className="card home-profile" aria-labelledby="welcome-heading">
        {/* Folded once complete: the member knows their own details, and on a phone the page
            leads with what is new. Open while something is missing, to say what to fill in. */}
        <details className="home-details" open={missing}>
          <summary>Your details</summary>
          <dl className="details details--compact">
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
        </details>
        {missing ? <p className="muted">Members find you by these details: the more you fill in, the better.</p> : null}
        <p className="form-actions">
          <Link to={memberPath(profile.id)} className="button button--secondary button--small">
            Your page
          </Link>
          <Link to="/user/settings/profile" className="button button--secondary button--small">
            Edit your profile
          </Link>
          <Link to="/user/settings/photos" className="button button--secondary button--small">
            {photos.profile ? "Change your photos" : "Add a profile image"}
          </Link>
        </p>
      </section>

      {friendRequests > 0 || unread.notifications > 0 || unread.chat > 0 ? (
        <section className="card home-alerts" aria-labelledby="news-heading">
          <h2 id="news-heading">For you</h2>
          <ul className="home-list">
            {friendRequests > 0 ? (
              <li>
                <Link to="/user/friends">{plural(friendRequests, "friend request")}</Link> waiting for your answer
              </li>
            ) : null}
            {unread.notifications > 0 ? (
              <li>
                <Link to="/user/notifications">{plural(unread.notifications, "unread notification")}</Link>
              </li>
            ) : null}
            {unread.chat > 0 ? (
              <li>
                <Link to="/user/chat">{plural(unread.chat, "unread chat message")}</Link>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <ReferralsCard week={referrals.week} numbers={referrals.numbers} toFollowUp={referrals.toFollowUp} />

      <section className="card" aria-labelledby="coming-up-heading">
        <h2 id="coming-up-heading">Coming up</h2>
        {comingUp.events.length ? (
          <>
            {comingUp.mine ? null : <p className="muted">The club's next events:</p>}
            <ul className="home-list">
              {comingUp.events.map((event) => (
                <li key={event.id}>
                  <Link to={`/user/events/${event.id}`}>{event.title}</Link>
                  {event.going ? (
                    <>
                      {" "}
                      <span className="badge">Going</span>
                    </>
                  ) : null}
                  <br />
                  <span className="muted">
                    {formatEventRange(event.startsAt, event.endsAt, event.timeZone)}
                    {event.place ? ` · ${event.place}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">No events are planned yet.</p>
        )}
        <p>
          <Link to="/user/events">All events</Link>
        </p>
      </section>

      <PlanningCard
        year={planning.year}
        wishes={planning.wishes}
        tasks={planning.tasks}
        nextTraining={planning.nextTraining}
        netWorth={planning.netWorth}
        calendar={<DailyTasks today={planning.today} occurrences={planning.daily} back="/user" headingLevel={3} journalLink={false} />}
      />

      <section className="card" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Latest from your timeline</h2>
        {posts.length ? (
          <ul className="home-list home-posts">
            {posts.map((post) => (
              <li key={post.id}>
                <Avatar name={post.author.name} url={post.author.avatarUrl} size={32} />
                <div>
                  <p className="home-post-meta">
                    <Link to={memberPath(post.author.id)}>{post.author.name}</Link>{" "}
                    <Link to={postPath(post.id)} className="muted">
                      <ViewerTime value={post.createdAt} />
                    </Link>
                  </p>
                  {post.message ? <p className="home-post-message">{post.message}</p> : null}
                  {post.files || post.comments ? (
                    <p className="muted">
                      {[post.files ? plural(post.files, "attachment") : null, post.comments ? plural(post.comments, "comment") : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing here yet: be the first to write.</p>
        )}
        <p className="form-actions">
          <Link to="/user/timeline/post/new" className="button button--small">
            Write a post
          </Link>
          <Link to="/user/timeline">Your timeline</Link>
        </p>
      </section>

      <section className="card" aria-labelledby="contacts-heading">
        <h2 id="contacts-heading">Your contacts</h2>
        <p>
          <Link to="/user/contacts">{plural(contacts, "contact")}</Link>
        </p>
        <p className="form-actions">
          <Link to="/user/contacts/add" className="button button--secondary button--small">
            Add a contact
          </Link>
          <Link to="/user/contacts/import" className="button button--secondary button--small">
            Import contacts
          </Link>
        </p>
      </section>

      <section className="card" aria-labelledby="next-actions-heading">
        <h2 id="next-actions-heading">Next actions</h2>
        {nextActions.length ? (
          <ul className="home-list">
            {nextActions.map((action) => (
              <li key={action.id}>
                <Link to={businessPath(action.business_id)}>{action.title}</Link>{" "}
                {action.overdue ? <span className="badge badge--overdue">Overdue</span> : null}{" "}
                {action.status === "in_progress" ? <span className="badge">{actionStatusLabel(action.status)}</span> : null}
                <br />
                <span className="muted">
                  Due <time dateTime={action.due_date}>{formatDate(action.due_date)}</time> · {action.business_name} · {action.goal_title}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No actions are due: give your business goals actions with a due date.</p>
        )}
        <p>
          <Link to="/user/businesses">My businesses</Link>
        </p>
      </section>
    </div>
  );
}

export const handle = pageKind("dashboard");

export const meta: MetaFunction = () => [{ title: "Home · Chapter" }];
