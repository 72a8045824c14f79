import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { memberPhotos, type PhotoSlot, removeMemberPhoto } from "~/features/members/photos.server";
import { notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

const SLOTS: Record<string, { slot: PhotoSlot; label: string }> = {
  "profile-image": { slot: "profile", label: "profile image" },
  "cover-image": { slot: "cover", label: "cover image" },
};

/** /user/settings/photos/profile-image/delete and …/cover-image/delete: 404 when empty. */
async function photoToDelete(request: Request, param: string | undefined) {
  const member = await requireMember(request);
  const target = SLOTS[param ?? ""];
  if (!target || !(await memberPhotos(member.id))[target.slot]) notFound();
  return { member, ...target };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { label } = await photoToDelete(request, params.slot);
  return json({ label });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, slot, label } = await photoToDelete(request, params.slot);
  await removeMemberPhoto(member.id, slot);
  return respond(request, { type: "success", message: `${label[0].toUpperCase()}${label.slice(1)} deleted.` }, { to: "/user/settings/photos" });
}

export default function ConfirmDeletePhoto() {
  const { label } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={`Are you sure you want to delete this ${label}?`} />;
}

export const meta: MetaFunction = () => [{ title: "Delete image · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
