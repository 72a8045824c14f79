import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { deleteOffer, requireOwnOffer } from "~/features/offers/offers.server";
import { respond } from "~/lib/respond.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { offer } = await requireOwnOffer(request, params.offerId);
  return json({ title: offer.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, offer } = await requireOwnOffer(request, params.offerId);
  if (!(await deleteOffer(member.id, offer.id))) throw new Response("Not found", { status: 404 });
  return respond(request, { type: "success", message: `${offer.title} is deleted.` }, { to: `/user/offers${new URL(request.url).search}` });
}

export default function ConfirmDeleteOffer() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this offer?" cancelTo={`/user/offers${useLocation().search}`}>
      <p>
        <strong>{title}</strong> and its images will be deleted, and its public link will stop working.
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete offer · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
