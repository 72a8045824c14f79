import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChatRoom } from "~/features/social/ChatRoom";
import { chatPartner, conversationPage, markConversationRead, sendMessage } from "~/features/social/chat.server";
import { memberProfileUrl } from "~/features/social/urls";
import { ChatMessageSchema } from "~/features/social/schema";
import { formFailure, parseId, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";
import type { LiveChatPage } from "~/ui/live";
import { pageKind } from "~/ui/page-kind";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const other = await requireFound(params.memberId, (id) => chatPartner(member.id, id));
  const before = parseId(new URL(request.url).searchParams.get("before"));
  const page = await conversationPage(member.id, other.id, before);
  // Seeing the newest messages reads them.
  const unread = !before && page.messages.some((message) => message.senderId === other.id && !message.readAt);
  if (unread) await markConversationRead(member.id, other.id);
  // The newest page is live: the page's stream (ui/live.tsx) brings the messages after its last.
  const liveChat: LiveChatPage | null = before ? null : { chat: other.id, after: page.messages.at(-1)?.id ?? 0 };
  return json({ memberId: member.id, other, before, ...page, markedRead: unread, liveChat });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const other = await requireFound(params.memberId, (id) => chatPartner(member.id, id));
  const submission = parseWithZod(await request.formData(), { schema: ChatMessageSchema });
  if (submission.status !== "success") return formFailure(submission.reply(), { message: null });
  const message = await sendMessage(member.id, other.id, submission.value.body);
  // With JS (a fetcher) the message comes back to be shown at once; without JS the page
  // comes back with it (Post/Redirect/Get). No toast: the message in the list says it all.
  if (submission.value.live) return json({ result: submission.reply({ resetForm: true }), message });
  return redirect(`/user/chat/${other.id}`);
}

export default function Conversation() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="chat-page">
      <div className="chat-header">
        <Link to="/user/chat" className="muted">
          ← Chats
        </Link>
        <Avatar name={data.other.name} url={data.other.avatarUrl} />
        <h1>
          <Link to={memberProfileUrl(data.other.id)}>{data.other.name}</Link>
        </h1>
      </div>
      <ChatRoom
        key={`${data.other.id}-${data.before ?? "now"}`}
        memberId={data.memberId}
        other={data.other}
        messages={data.messages}
        hasOlder={data.hasOlder}
        before={data.before}
        error={actionData?.result.error?.body?.[0] ?? null}
      />
    </section>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Chat with ${data?.other.name ?? "a friend"} · Chapter` }];
