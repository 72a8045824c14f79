import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { FriendButton } from "~/features/social/FriendButton";
import { MemberSearch } from "~/features/social/MemberSearch";
import { friendsPage, type FriendListEntry } from "~/features/social/friendship.server";
import { QuestionLabel } from "~/features/social/question";
import { memberProfileUrl } from "~/features/social/urls";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import { EmptyState } from "~/ui/empty-state";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await friendsPage(member.id));
}

function Person({ person, children }: { person: FriendListEntry; children: React.ReactNode }) {
  return (
    <li className="member-result" data-testid="friend-row">
      <Avatar name={person.name} url={person.avatarUrl} />
      <div className="member-result-text">
        <Link to={memberProfileUrl(person.id)} className="member-result-name">
          {person.name}
        </Link>
        {person.lookingFor ? (
          <p className="member-question">
            <QuestionLabel question={person.lookingFor} />
            {person.lookingFor}
          </p>
        ) : null}
      </div>
      <div className="member-result-actions">{children}</div>
    </li>
  );
}

/** The requests a member received or sent, each with its answer; nothing when there are none. */
function Requests({ id, title, people, state }: { id: string; title: string; people: FriendListEntry[]; state: "received" | "sent" }) {
  if (people.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="member-results">
        {people.map((person) => (
          <Person key={person.id} person={person}>
            <FriendButton memberId={person.id} name={person.name} state={state} />
          </Person>
        ))}
      </ul>
    </section>
  );
}

export default function Friends() {
  const { friends, received, sent } = useLoaderData<typeof loader>();
  return (
    <section className="friends-page">
      <h1>Friends</h1>
      <MemberSearch />
      <Requests id="friend-requests" title="Friend requests" people={received} state="received" />
      <section aria-labelledby="my-friends">
        <h2 id="my-friends">My friends</h2>
        {friends.length === 0 ? (
          <EmptyState>No friends yet: find members above and send them a friend request.</EmptyState>
        ) : (
          <ul className="member-results">
            {friends.map((person) => (
              <Person key={person.id} person={person}>
                <Link to={`/user/chat/${person.id}`} className="button button--small">
                  Chat<span className="visually-hidden"> with {person.name}</span>
                </Link>
                <Link to={`/user/friends/${person.id}/unfriend`} className="button button--small button--secondary" preventScrollReset>
                  Unfriend<span className="visually-hidden"> {person.name}</span>
                </Link>
              </Person>
            ))}
          </ul>
        )}
      </section>
      <Requests id="sent-requests" title="Sent requests" people={sent} state="sent" />
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Friends · Chapter" }];
