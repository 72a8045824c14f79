import type { LoaderFunctionArgs } from "@remix-run/node";
import { businessPath } from "~/features/planning/business-constants";
import { openBusinessModal } from "./business-modals.server";

/** SPEC.md §7's goal modal: with {my_business_goals_id} the goal's edit dialog, else the add
 * goal dialog of the business {my_business_id} (or id). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.has("my_business_goals_id")) {
    return openBusinessModal(request, "goal", (businessId, goalId) => `${businessPath(businessId)}/goals/${goalId}/edit`);
  }
  return openBusinessModal(request, "business", (businessId) => `${businessPath(businessId)}/goals/new`);
}
