import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getEvent, parseId, setEventStatus } from "~/features/events/events.server";
import { STATUS_TYPES, type StatusType } from "~/features/events/constants";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/events");
}

const MESSAGES: Record<StatusType, (title: string) => string> = {
  Interested: (title) => `You are interested in ${title}.`,
  Uninterested: (title) => `You are no longer interested in ${title}.`,
  Going: (title) => `You are going to ${title}.`,
  Notgoing: (title) => `You are not going to ${title}.`,
};

/** SPEC.md §7 POST /user/events/status {event_id, type}: for the signed-in member (the
 * user_id SPEC's client also sends is ignored). */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const type = String(form.get("type") ?? "");
  if (!(STATUS_TYPES as readonly string[]).includes(type)) {
    throw new Response("type must be Interested, Uninterested, Going or Notgoing", { status: 400 });
  }
  const id = parseId(String(form.get("event_id") ?? ""));
  const event = id ? await getEvent(id, member.id) : null;
  if (!event) throw new Response("Not found", { status: 404 });
  await setEventStatus(member.id, event.id, type as StatusType);
  return respond(request, { type: "success", message: MESSAGES[type as StatusType](event.title) });
}
