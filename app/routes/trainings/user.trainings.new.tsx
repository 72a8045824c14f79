import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { TrainingForm } from "~/features/trainings/TrainingForm";
import { trainingFormData } from "~/features/trainings/training-form.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveTraining } from "./save-training.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ ...(await trainingFormData()), memberName: member.name });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveTraining(request, member, null);
}

export default function CreateTraining() {
  const { constraint, timeZones, defaultTimeZone, imageAccept, imageMaxBytes, videoMaxBytes, memberName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Create a training" closeTo={`/user/trainings${useLocation().search}`}>
      <TrainingForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ trainer_name: memberName, duration: "60", time_zone: defaultTimeZone }}
        timeZones={timeZones}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        videoMaxBytes={videoMaxBytes}
        trainingId={null}
        hasImage={false}
        trainerHint="You, unless someone else gives it."
        submitLabel="Create training"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Create a training · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
