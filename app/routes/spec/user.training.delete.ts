import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as deleteTraining } from "~/routes/trainings/user.trainings_.$trainingId.delete";
import { sendTo } from "./opened-as-page.server";
import { formParam } from "./forward.server";

export const loader = sendTo("/user/trainings");

/** SPEC.md §7 DELETE /user/training/delete {training_id} → type, message (also by POST): the
 * confirmation dialog's action (/user/trainings/{id}/delete), with the id from the form; the
 * creator's own training only. */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return deleteTraining({ ...args, params: { trainingId: await formParam(args.request, "training_id") } });
}
