import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrainingForm } from "~/features/trainings/TrainingForm";
import { trainingFormData } from "~/features/trainings/training-form.server";
import { getOwnTraining } from "~/features/trainings/trainings.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveTraining } from "./save-training.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getOwnTraining(member.id, id));
  return json({ training, ...(await trainingFormData()) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getOwnTraining(member.id, id));
  return saveTraining(request, member, training.id);
}

export default function EditTraining() {
  const { training, constraint, timeZones, defaultTimeZone, imageAccept, imageMaxBytes, videoMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = {
    title: training.title,
    description: training.description ?? "",
    trainer_name: training.trainer_name,
    date: training.date,
    start_time: training.start_time,
    time_zone: training.time_zone ?? defaultTimeZone,
    duration: String(training.duration_minutes),
    place: training.place ?? "",
    online_link: training.online_link ?? "",
    capacity: training.capacity === null ? "" : String(training.capacity),
  };
  return (
    <RouteDialog title={`Edit ${training.title}`} closeTo={`/user/trainings/${training.id}`}>
      <TrainingForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        timeZones={timeZones}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        videoMaxBytes={videoMaxBytes}
        trainingId={training.id}
        hasImage={training.image_id !== null}
        trainerHint="Your name when left empty."
        submitLabel="Save"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit training · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
