import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { businessPath } from "~/features/planning/business-constants";
import { deleteContent } from "~/features/planning/business-goals.server";
import { formatDate } from "~/lib/format";
import { notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { requireContent } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { business, content } = await requireContent(await requireMember(request), params);
  return json({ businessId: business.id, notedOn: content.noted_on, actionTitle: content.action_title, attachment: content.attachment?.name ?? null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, content } = await requireContent(member, params);
  if (!(await deleteContent(member.id, content.id))) notFound();
  return respond(request, { type: "success", message: "Content deleted." }, { to: businessPath(business.id) });
}

export default function ConfirmDeleteContent() {
  const { businessId, notedOn, actionTitle, attachment } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={`Are you sure you want to delete the note of ${formatDate(notedOn)} on “${actionTitle}”?`}
      cancelTo={businessPath(businessId)}
      note={attachment ? <p>{`Its attachment ${attachment} will be deleted with it.`}</p> : null}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete action content · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
