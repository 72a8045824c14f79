import type { LoaderFunctionArgs } from "@remix-run/node";
import { businessPath } from "~/features/planning/business-constants";
import { openBusinessModal } from "./business-modals.server";

/** SPEC.md §7's goal action modal: add an action to the goal {my_business_goals_id}. */
export async function loader({ request }: LoaderFunctionArgs) {
  return openBusinessModal(request, "goal", (businessId, goalId) => `${businessPath(businessId)}/goals/${goalId}/actions/new`);
}
