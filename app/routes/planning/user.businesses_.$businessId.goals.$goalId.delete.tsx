import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { businessPath } from "~/features/planning/business-constants";
import { deleteGoal, goalChildren } from "~/features/planning/business-goals.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { requireGoal } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { business, goal } = await requireGoal(member, params);
  return json({ businessId: business.id, title: goal.title, ...(await goalChildren(member.id, goal.id)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goal } = await requireGoal(member, params);
  await deleteGoal(member.id, goal.id);
  return respond(request, { type: "success", message: `Goal “${goal.title}” deleted.` }, { to: businessPath(business.id) });
}

export default function ConfirmDeleteGoal() {
  const { businessId, title, actions, contents } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={deletionQuestion("goal", title)}
      cancelTo={businessPath(businessId)}
      note={
        actions ? (
          <p>{`Its ${actions === 1 ? "action" : `${actions} actions`}${contents ? ` (with ${contents === 1 ? "1 content" : `${contents} contents`})` : ""} will be deleted with it.`}</p>
        ) : null
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete goal · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
