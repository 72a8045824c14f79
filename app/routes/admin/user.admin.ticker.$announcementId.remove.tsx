import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteAnnouncement, getAnnouncement } from "~/features/announcements/announcements.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

async function announcementFrom(request: Request, announcementId: string | undefined) {
  await requireAdmin(request);
  return requireFound(announcementId, getAnnouncement);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const announcement = await announcementFrom(request, params.announcementId);
  return json({ message: announcement.message });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const announcement = await announcementFrom(request, params.announcementId);
  await deleteAnnouncement(announcement.id);
  return respond(request, { type: "success", message: "Announcement deleted." }, { to: "/user/admin/ticker" });
}

export default function RemoveAnnouncement() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this announcement?">
      <blockquote className="muted">{message}</blockquote>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Remove an announcement · Admin · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
