import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { actionStatusLabel, businessPath } from "~/features/planning/business-constants";
import { setActionStatus } from "~/features/planning/business-goals.server";
import { ActionStatusSchema } from "~/features/planning/business-schema";
import { badRequest, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { requireAction } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { business } = await requireAction(await requireMember(request), params);
  return redirect(businessPath(business.id));
}

/** An action's status select (with JS a fetcher, without a small form): the notice, then the
 * business page with the goal's progress recounted. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { business, goalAction } = await requireAction(member, params);
  const parsed = ActionStatusSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) badRequest("Choose a status from the list.");
  if (!(await setActionStatus(member.id, goalAction.id, parsed.data.status))) notFound();
  return respond(
    request,
    { type: "success", message: `${goalAction.title} is now ${actionStatusLabel(parsed.data.status).toLowerCase()}.` },
    { to: businessPath(business.id) },
  );
}
