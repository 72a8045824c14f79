import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listConversations } from "~/features/social/chat.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import { pageKind } from "~/ui/page-kind";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ memberId: member.id, conversations: await listConversations(member.id) });
}

export default function Chats() {
  const { memberId, conversations } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Chat</h1>
      {conversations.length === 0 ? (
        <p className="muted">
          You can chat with your friends. <Link to="/user/friends">Find members and send friend requests.</Link>
        </p>
      ) : (
        <ul className="member-results" aria-label="Conversations">
          {conversations.map(({ member, lastMessage, unread }) => (
            <li key={member.id} className="member-result" data-testid="conversation">
              <Avatar name={member.name} url={member.avatarUrl} />
              <div className="member-result-text">
                <Link to={`/user/chat/${member.id}`} className="member-result-name">
                  {member.name}
                </Link>
                <p className="chat-preview">
                  {lastMessage ? (
                    <>
                      {lastMessage.senderId === memberId ? "You: " : ""}
                      {lastMessage.body.length > 80 ? `${lastMessage.body.slice(0, 80)}…` : lastMessage.body}{" "}
                      <ViewerTime className="muted" value={lastMessage.createdAt} />
                    </>
                  ) : (
                    <span className="muted">No messages yet</span>
                  )}
                </p>
              </div>
              {unread > 0 ? (
                <span className="count-badge" data-testid="conversation-unread">
                  {unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction = () => [{ title: "Chat · Chapter" }];
