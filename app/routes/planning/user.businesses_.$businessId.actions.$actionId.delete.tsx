import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { businessPath } from "~/features/planning/business-constants";
import { actionContentCount, deleteAction } from "~/features/planning/business-goals.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { requireAction } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { business, goalAction } = await requireAction(member, params);
  return json({ businessId: business.id, title: goalAction.title, contents: await actionContentCount(member.id, goalAction.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goalAction } = await requireAction(member, params);
  await deleteAction(member.id, goalAction.id);
  return respond(request, { type: "success", message: `Action “${goalAction.title}” deleted.` }, { to: businessPath(business.id) });
}

export default function ConfirmDeleteAction() {
  const { businessId, title, contents } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={deletionQuestion("action", title)}
      cancelTo={businessPath(businessId)}
      note={contents ? <p>{`${contents === 1 ? "Its content" : `Its ${contents} contents`} will be deleted with it.`}</p> : null}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete action · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
