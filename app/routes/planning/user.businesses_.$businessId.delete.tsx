import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { businessPath } from "~/features/planning/business-constants";
import { deleteBusiness } from "~/features/planning/business.server";
import { notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { requireBusiness } from "./business-lookups.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const business = await requireBusiness(await requireMember(request), params);
  return json({ id: business.id, name: business.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const business = await requireBusiness(member, params);
  if (!(await deleteBusiness(member.id, business.id))) notFound();
  return respond(request, { type: "success", message: `“${business.name}” deleted.` }, { to: "/user/businesses" });
}

export default function ConfirmDeleteBusiness() {
  const { id, name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={deletionQuestion("business", name)}
      cancelTo={businessPath(id)}
      note={<p>All its goals, their actions and what was noted on them will be deleted with it.</p>}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete business · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
