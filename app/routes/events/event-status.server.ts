import type { ActionFunctionArgs } from "@remix-run/node";
import { getEvent, setEventStatus } from "~/features/events/events.server";
import type { StatusType } from "~/features/events/constants";
import { EventStatusCallSchema } from "~/features/events/schema";
import { badRequest, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

const MESSAGES: Record<StatusType, (title: string) => string> = {
  Interested: (title) => `You are interested in ${title}.`,
  Uninterested: (title) => `You are no longer interested in ${title}.`,
  Going: (title) => `You are going to ${title}.`,
  Notgoing: (title) => `You are not going to ${title}.`,
};

/** SPEC.md §7 POST /user/events/status {event_id, type}: for the signed-in member (the
 * user_id SPEC's client also sends is ignored). */
export async function eventStatusAction({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const call = EventStatusCallSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!call.success) badRequest("type must be Interested, Uninterested, Going or Notgoing");
  const { type, event_id } = call.data;
  const event = await requireFound(event_id, (id) => getEvent(id, member.id));
  await setEventStatus(member.id, event.id, type);
  return respond(request, { type: "success", message: MESSAGES[type](event.title) });
}
