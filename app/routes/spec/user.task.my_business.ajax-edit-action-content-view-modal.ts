import type { LoaderFunctionArgs } from "@remix-run/node";
import { businessPath } from "~/features/planning/business-constants";
import { openBusinessModal } from "./business-modals.server";

/** SPEC.md §7's edit action content modal: the content {action_content_id} (or id); SPEC does
 * not name its parameter. */
export async function loader({ request }: LoaderFunctionArgs) {
  return openBusinessModal(request, "content", (businessId, contentId) => `${businessPath(businessId)}/contents/${contentId}/edit`);
}
