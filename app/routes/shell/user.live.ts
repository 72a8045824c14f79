import type { LoaderFunctionArgs } from "@remix-run/node";
import { chatPartner } from "~/features/social/chat.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { liveEventStream, resumeFrom } from "./live-events.server";

/** The signed-in member's page, live (Server-Sent Events, live-events.server.ts): the header's
 * counts, friend requests arriving and, with ?chat=<friend's id>, that conversation's messages.
 * Anyone but a friend's conversation is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const chat = new URL(request.url).searchParams.get("chat");
  const other = chat === null ? null : await requireFound(chat, (id) => chatPartner(member.id, id));
  return liveEventStream(request, { memberId: member.id, chatWith: other?.id ?? null, cursor: resumeFrom(request) });
}
