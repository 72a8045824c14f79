import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { friendOf, unfriend } from "~/features/social/friendship.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** Only a friend can be unfriended; anyone else answers 404. */
async function requireFriend(request: Request, memberId: string | undefined) {
  const member = await requireMember(request);
  const friend = await requireFound(memberId, (id) => friendOf(member.id, id));
  return { member, friend };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { friend } = await requireFriend(request, params.memberId);
  return json({ name: friend.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, friend } = await requireFriend(request, params.memberId);
  await unfriend(member.id, friend.id);
  return respond(request, { type: "success", message: `${friend.name} is no longer your friend.` }, { to: "/user/friends" });
}

export default function ConfirmUnfriend() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message={`Are you sure you want to unfriend ${name}?`} confirmLabel="Yes, unfriend">
      <p>You will no longer be able to chat with each other.</p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Unfriend · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
