import { redirect } from "@remix-run/node";
import { getAction, getContent, getGoal } from "~/features/planning/business-goals.server";
import { getBusiness } from "~/features/planning/business.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

// SPEC.md §7's business modals (GET /user/task/my_business/ajax-…-view-modal) name what they
// open by SPEC §3's ids; each answers with the product's dialog route over the business page,
// for the member's own rows only (404 otherwise).

type Opens = "business" | "goal" | "action" | "content";

const PARAMS: Record<Opens, string[]> = {
  business: ["my_business_id", "id"],
  goal: ["my_business_goals_id"],
  action: ["my_business_goals_action_id"],
  content: ["action_content_id", "id"],
};

function idOf(request: Request, opens: Opens) {
  const query = new URL(request.url).searchParams;
  for (const name of PARAMS[opens]) if (query.has(name)) return query.get(name);
  return null;
}

/** Redirects to `to(business id, row id)` for the row the address names. */
export async function openBusinessModal(request: Request, opens: Opens, to: (businessId: number, id: number) => string) {
  const member = await requireMember(request);
  const raw = idOf(request, opens);
  const found = await requireFound(raw, async (id) => {
    if (opens === "business") return (await getBusiness(member.id, id)) && { businessId: id, id };
    if (opens === "goal") return (await getGoal(member.id, id).then((goal) => goal && { businessId: goal.business_id, id })) ?? null;
    if (opens === "action") return (await getAction(member.id, id).then((action) => action && { businessId: action.business_id, id })) ?? null;
    return (await getContent(member.id, id).then((content) => content && { businessId: content.business_id, id })) ?? null;
  });
  return redirect(to(found.businessId, found.id));
}
