import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConnectForm } from "~/features/proposals/ConnectForm";
import { entryPath } from "~/features/proposals/constants";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
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
  const { entry, proposals, chosen, existing, terms, delayMs, newProposalPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = entryPath("entrepreneur", entry.id);
  return (
    <RouteDialog title={`Connect with ${entry.owner_name}`} closeTo={back}>
      <p>
        On <strong>{entry.name}</strong>.
      </p>
      {proposals.length ? (
        <ConnectForm
          key={chosen ?? "none"}
          proposals={proposals}
          chosen={chosen}
          existing={existing}
          terms={actionData && "terms" in actionData ? actionData.terms : terms}
          delayMs={delayMs}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          cancelTo={back}
        />
      ) : (
        <p>
          You have no investor entry yet. <Link to={newProposalPath}>Add one</Link> to connect.
        </p>
      )}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Connect · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
