import type { LoaderFunctionArgs } from "@remix-run/node";
import { businessPath } from "~/features/planning/business-constants";
import { openBusinessModal } from "./business-modals.server";

/** SPEC.md §7's add action content modal {my_business_goals_action_id}. */
export async function loader({ request }: LoaderFunctionArgs) {
  return openBusinessModal(request, "action", (businessId, actionId) => `${businessPath(businessId)}/actions/${actionId}/contents/new`);
}
