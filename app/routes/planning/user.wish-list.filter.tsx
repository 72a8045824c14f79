import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WISH_LIST_STATUSES, WISH_LIST_TYPES } from "~/features/planning/constants";
import { YearFilterDialog } from "~/features/planning/YearFilterDialog";
import { requireMember } from "~/lib/session.server";
import { SelectField } from "~/ui/field";
import { readWishListAddress } from "./planning-address.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const { year, type, status } = readWishListAddress(request);
  return json({ year, type, status });
}

/** SPEC.md §2's wish list filter. */
export default function WishListFilter() {
  const { year, type, status } = useLoaderData<typeof loader>();
  return (
    <YearFilterDialog title="Filter the wish list" list="/user/wish-list" year={year}>
      <SelectField label="Type" options={WISH_LIST_TYPES} placeholder="Any type" selectProps={{ name: "type", defaultValue: type ?? "" }} />
      <SelectField label="Status" options={WISH_LIST_STATUSES} placeholder="Any status" selectProps={{ name: "status", defaultValue: status ?? "" }} />
    </YearFilterDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Filter the wish list · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
