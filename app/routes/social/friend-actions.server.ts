import { redirect } from "@remix-run/node";
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  otherMember,
  relationship,
  sendFriendRequest,
} from "~/features/social/friendship.server";
import { FriendCallSchema } from "~/features/social/schema";
import { notFound, requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export type FriendCommand = "add" | "cancel" | "accept" | "decline";

/** The friend request calls of SPEC.md §7 ({friend_user_id} → {type, message}); another
 * member that cannot be asked (oneself, a disabled or unknown member), or a request to accept or
 * decline that was never made to this member, answers 404. */
export async function friendAction(request: Request, command: FriendCommand) {
  const member = await requireMember(request);
  const form = FriendCallSchema.parse(Object.fromEntries(await request.formData()));
  const other = await requireFound(form.friend_user_id, (id) => otherMember(member.id, id));
  const mail = { origin: await publicOrigin(request) };
  const back = safeBack(form.back);
  const answer = (message: string) => respond(request, { type: "success", message }, { to: back });

  if (command === "add") {
    const outcome = await sendFriendRequest(member, other, mail);
    if (outcome === "sent") return answer(`Friend request sent to ${other.name}.`);
    if (outcome === "accepted") return answer(`You and ${other.name} are now friends.`);
    return (await relationship(member.id, other.id)) === "friends"
      ? answer(`You and ${other.name} are already friends.`)
      : answer(`You have already sent ${other.name} a friend request.`);
  }
  if (command === "cancel") {
    await cancelFriendRequest(member.id, other.id);
    return answer(`Friend request to ${other.name} cancelled.`);
  }
  if (command === "accept") {
    const outcome = await acceptFriendRequest(member, other, mail);
    if (!outcome) notFound();
    return answer(outcome === "accepted" ? `You and ${other.name} are now friends.` : `You and ${other.name} are already friends.`);
  }
  if (!(await declineFriendRequest(member.id, other.id))) notFound();
  return answer(`You declined ${other.name}'s friend request.`);
}

/** A GET of a friend call (a bookmarked or typed address) lands on the friends page. */
export async function friendActionPage(request: Request) {
  await requireMember(request);
  return redirect("/user/friends");
}

/** Where to go after the call: a path of this site given by the form, else back. */
function safeBack(path = "") {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : undefined;
}
