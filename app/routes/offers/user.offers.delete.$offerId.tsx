import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { deleteOffer, getOwnOffer } from "~/features/offers/offers.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  return json({ title: offer.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  if (!(await deleteOffer(member.id, offer.id))) notFound();
  return respond(request, { type: "success", message: `“${offer.title}” deleted.` }, { to: `/user/offers${new URL(request.url).search}` });
}

export default function ConfirmDeleteOffer() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      message={deletionQuestion("offer", title)}
      cancelTo={`/user/offers${useLocation().search}`}
      note={<p>Its images will be deleted with it, and its public link will stop working.</p>}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete offer · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
