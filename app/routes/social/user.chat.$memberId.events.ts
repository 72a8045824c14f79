import type { LoaderFunctionArgs } from "@remix-run/node";
import { chatPartner } from "~/features/social/chat.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { chatEventStream, resumeAfter } from "./chat-events.server";

/** Live messages of a conversation (Server-Sent Events); `id:` is the message id, so a
 * reconnecting browser catches up from the last one it saw (Last-Event-ID, or ?after=). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const other = await requireFound(params.memberId, (id) => chatPartner(member.id, id));
  return chatEventStream(request, { memberId: member.id, otherId: other.id, afterId: resumeAfter(request) });
}
