import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { deleteWishListItem, getOwnWishListItem } from "~/features/planning/wish-list.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { listAddress } from "./planning-address.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const item = await requireFound(params.itemId, (id) => getOwnWishListItem(member.id, id));
  return json({ title: item.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const item = await requireFound(params.itemId, (id) => getOwnWishListItem(member.id, id));
  if (!(await deleteWishListItem(member.id, item.id))) notFound();
  return respond(request, { type: "success", message: `“${item.title}” deleted.` }, { to: listAddress(request, "/user/wish-list", item.target_year) });
}

export default function ConfirmDeleteWishListItem() {
  const { title } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={deletionQuestion("wish", title)} cancelTo={`/user/wish-list${useLocation().search}`} />;
}

export const meta: MetaFunction = () => [{ title: "Delete wish · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
