import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { entryPath } from "~/features/proposals/constants";
import { deleteDocument, documentsFor } from "~/features/proposals/documents.server";
import { getOwnEntrepreneur } from "~/features/proposals/entries.server";
import { orNotFound, parseId, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { type Member, requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

/** One document of the member's own entrepreneur entry (404 for anyone else's). */
async function ownDocument(member: Member, params: { entryId?: string; documentId?: string }) {
  const entry = await requireFound(params.entryId, (id) => getOwnEntrepreneur(member.id, id));
  const documentId = parseId(params.documentId);
  const document = orNotFound((await documentsFor(member.id, entry)).find((each) => each.id === documentId));
  return { entry, document };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { entry, document } = await ownDocument(member, params);
  return json({ entryId: entry.id, name: document.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { entry, document } = await ownDocument(member, params);
  orNotFound((await deleteDocument(member.id, entry.id, document.id)) || null);
  return respond(request, { type: "success", message: `${document.name} deleted.` }, { to: `${entryPath("entrepreneur", entry.id)}/edit` });
}

export default function DeleteEntryDocument() {
  const { entryId, name } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={deletionQuestion("document", name)} cancelTo={`${entryPath("entrepreneur", entryId)}/edit`} />;
}

export const meta: MetaFunction = () => [{ title: "Delete document · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
