import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConnectDialog } from "~/features/proposals/ConnectDialog";
import { requireMember } from "~/lib/session.server";
import { connectAnswer, connectData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await connectData("entrepreneur", request, member, params.entryId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return connectAnswer("entrepreneur", request, member, params.entryId);
}

/** SPEC.md §2's investor proposal form and connect modal, on an entrepreneur entry. */
export default function ConnectOnEntrepreneur() {
  const actionData = useActionData<typeof action>();
  return (
    <ConnectDialog
      side="entrepreneur"
      data={useLoaderData<typeof loader>()}
      lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      changedTerms={actionData && "terms" in actionData ? actionData.terms : undefined}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Connect · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
