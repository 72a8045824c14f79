import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { thisYear, yearFromAddress } from "~/features/planning/constants";
import { WishListForm } from "~/features/planning/WishListForm";
import { wishListFormData } from "~/features/planning/wish-list-form.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveWishListItem } from "./save-wish-list.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const params = new URL(request.url).searchParams;
  // The page's year and filter become the new item's defaults.
  const year = yearFromAddress(params.get("year")) ?? thisYear();
  return json({ ...(await wishListFormData()), year, type: params.get("type") ?? "", status: params.get("status") ?? "" });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveWishListItem(request, member, null);
}

export default function AddToWishList() {
  const { constraint, currency, imageAccept, imageMaxBytes, year, type, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Add to wish list" closeTo={`/user/wish-list${useLocation().search}`}>
      <WishListForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ target_year: String(year), type, status: status || "open" }}
        currency={currency}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        itemId={null}
        hasImage={false}
        submitLabel="Add to wish list"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add to wish list · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
