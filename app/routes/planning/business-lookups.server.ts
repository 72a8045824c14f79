import type { Params } from "@remix-run/react";
import { getAction, getContent, getGoal } from "~/features/planning/business-goals.server";
import { getBusiness } from "~/features/planning/business.server";
import { requireFound } from "~/lib/http.server";
import type { Member } from "~/lib/session.server";

// The business page's dialogs look up what their address names: the member's own, and under
// the business of the address; anything else is 404.

export async function requireBusiness(member: Member, params: Params) {
  return requireFound(params.businessId, (id) => getBusiness(member.id, id));
}

export async function requireGoal(member: Member, params: Params) {
  const business = await requireBusiness(member, params);
  const goal = await requireFound(params.goalId, (id) => getGoal(member.id, id, business.id));
  return { business, goal };
}

export async function requireAction(member: Member, params: Params) {
  const business = await requireBusiness(member, params);
  const goalAction = await requireFound(params.actionId, (id) => getAction(member.id, id, business.id));
  return { business, goalAction };
}

export async function requireContent(member: Member, params: Params) {
  const business = await requireBusiness(member, params);
  const content = await requireFound(params.contentId, (id) => getContent(member.id, id, business.id));
  return { business, content };
}
