import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteTraining, getOwnTraining } from "~/features/trainings/trainings.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getOwnTraining(member.id, id));
  return json({ id: training.id, title: training.title, registered: training.taken });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getOwnTraining(member.id, id));
  if (!(await deleteTraining(member.id, training.id))) notFound();
  return respond(request, { type: "success", message: `“${training.title}” deleted.` }, { to: "/user/trainings" });
}

export default function ConfirmDeleteTraining() {
  const { id, title, registered } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={deletionQuestion("training", title)}
      cancelTo={`/user/trainings/${id}`}
      note={registered ? <p>{`The ${registered === 1 ? "member" : `${registered} members`} registered will be told.`}</p> : null}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete training · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
