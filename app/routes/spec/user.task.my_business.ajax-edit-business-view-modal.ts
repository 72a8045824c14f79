import type { LoaderFunctionArgs } from "@remix-run/node";
import { businessPath } from "~/features/planning/business-constants";
import { openBusinessModal } from "./business-modals.server";

/** SPEC.md §7's edit business modal {my_business_id} (or id). */
export async function loader({ request }: LoaderFunctionArgs) {
  return openBusinessModal(request, "business", (businessId) => `${businessPath(businessId)}/edit`);
}
