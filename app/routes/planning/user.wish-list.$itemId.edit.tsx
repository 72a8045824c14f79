import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { WishListForm } from "~/features/planning/WishListForm";
import { wishListFormData } from "~/features/planning/wish-list-form.server";
import { getOwnWishListItem } from "~/features/planning/wish-list.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveWishListItem } from "./save-wish-list.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const item = await requireFound(params.itemId, (id) => getOwnWishListItem(member.id, id));
  return json({ item, ...(await wishListFormData()) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const item = await requireFound(params.itemId, (id) => getOwnWishListItem(member.id, id));
  return saveWishListItem(request, member, item.id);
}

export default function EditWishListItem() {
  const { item, constraint, currency, imageAccept, imageMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = {
    title: item.title,
    type: item.type,
    status: item.status,
    target_year: String(item.target_year),
    target_date: item.target_date ?? "",
    cost: item.cost_cents === null ? "" : (item.cost_cents / 100).toFixed(item.cost_cents % 100 ? 2 : 0),
    notes: item.notes ?? "",
  };
  return (
    <RouteDialog title={`Edit ${item.title}`} closeTo={`/user/wish-list${useLocation().search}`}>
      <WishListForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        currency={currency}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        itemId={item.id}
        hasImage={item.image_id !== null}
        submitLabel="Save"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit wish · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
