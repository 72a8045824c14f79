import type { LoaderFunctionArgs } from "@remix-run/node";
import { chatEventStream, resumeAfter } from "~/features/social/chat-events.server";
import { requireChatPartner } from "~/features/social/chat.server";

/** Live messages of a conversation (Server-Sent Events); `id:` is the message id, so a
 * reconnecting browser catches up from the last one it saw (Last-Event-ID, or ?after=). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, other } = await requireChatPartner(request, params.memberId);
  return chatEventStream(request, { memberId: member.id, otherId: other.id, afterId: resumeAfter(request) });
}
