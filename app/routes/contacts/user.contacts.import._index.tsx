import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ImportFileError } from "~/features/contacts/import-file.server";
import { recentImports, startImport } from "~/features/contacts/import.server";
import { env } from "~/lib/env.server";
import { formatBytes } from "~/lib/file-types";
import { fieldFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveImportFile } from "./import-file.server";
import { CsrfInput } from "~/ui/csrf-input";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ limit: formatBytes(env().UPLOAD_MAX_IMPORT_BYTES), imports: await recentImports(member.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const received = await receiveImportFile(request);
  if (!received.ok) return fieldFailure("file", received.message);
  let importId: number;
  try {
    importId = await startImport(member.id, received.name, received.bytes);
  } catch (error) {
    if (error instanceof ImportFileError) return fieldFailure("file", `${received.name}: ${error.message}`);
    throw error;
  }
  return respond(request, { type: "info", message: "Check which field each column fills, then import." }, { to: `/user/contacts/import/${importId}` });
}

export default function ImportContacts() {
  const { limit, imports } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fileError = actionData && "result" in actionData ? actionData.result.error?.file?.join(" ") : undefined;
  const pending = useIsPending();
  return (
    <RouteDialog title="Import contacts" size="large">
      <Form method="post" encType="multipart/form-data">
        <CsrfInput />
        <ul className="import-help muted">
          <li>A CSV file (any column order; exports from LinkedIn and Google Contacts are recognised) or a vCard file (.vcf).</li>
          <li>You choose which field each column fills before anything is imported.</li>
          <li>Up to {limit}.</li>
        </ul>
        <div className="field">
          <label htmlFor="import-file">File</label>
          <input
            id="import-file"
            type="file"
            name="file"
            required
            accept=".csv,.vcf,.vcard,.txt,text/csv,text/vcard,text/x-vcard"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "import-file-error" : undefined}
          />
        </div>
        {fileError ? (
          <div className="form-errors" role="alert" id="import-file-error">
            {fileError}
          </div>
        ) : null}
        <div className="dialog-actions">
          <Link to=".." className="button button--secondary" preventScrollReset>
            Cancel
          </Link>
          <StatusButton pending={pending}>Upload and preview</StatusButton>
        </div>
      </Form>
      {imports.length > 0 ? (
        <section className="import-history" aria-labelledby="import-history-heading">
          <h3 id="import-history-heading">Your latest imports</h3>
          <ul>
            {imports.map((item) => (
              <li key={item.id}>
                <Link to={`/user/contacts/import/${item.id}`} preventScrollReset>
                  {item.file_name}
                </Link>{" "}
                <span className="muted">
                  {item.status === "undone" ? (
                    "undone"
                  ) : (
                    <>
                      {item.imported_count} added, {item.updated_count} updated
                      {item.imported_at ? (
                        <>
                          , <ViewerTime value={item.imported_at} dateOnly />
                        </>
                      ) : null}
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Import contacts · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
