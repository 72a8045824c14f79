import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOwnTraining } from "~/features/trainings/trainings.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7's path for the edit form (the creator's own training only); the dialog lives over
 * the training's page at /user/trainings/{id}/edit. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getOwnTraining(member.id, id));
  return redirect(`/user/trainings/${training.id}/edit`);
}
