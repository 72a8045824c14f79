import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { IMPORT_FIELDS } from "~/features/contacts/import-fields";
import { getImport, mappingFrom, previewOf, runImport, summaryOf } from "~/features/contacts/import.server";
import { ImportMappingSchema } from "~/features/contacts/schema";
import { formFailure, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contactImport = await requireFound(params.importId, (id) => getImport(member.id, id));
  const { id, file_name, format, status, row_count } = contactImport;
  const base = { id, fileName: file_name, format, status, rowCount: row_count };
  if (status === "pending") return json({ ...base, preview: previewOf(contactImport), summary: null });
  const counts = {
    imported: contactImport.imported_count,
    updated: contactImport.updated_count,
    skipped: contactImport.skipped_count,
    rejected: contactImport.rejected_count,
  };
  return json({
    ...base,
    preview: null,
    summary: { ...summaryOf(contactImport), counts, duplicates: contactImport.duplicates, undoneAt: contactImport.undone_at },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contactImport = await requireFound(params.importId, (id) => getImport(member.id, id));
  const here = `/user/contacts/import/${contactImport.id}`;
  if (contactImport.status !== "pending") {
    return respond(request, { type: "info", message: "This file is already imported." }, { to: here });
  }
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ImportMappingSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const mapping = mappingFrom(form, (JSON.parse(contactImport.headers_json) as string[]).length);
  if (!mapping.ok) return formFailure(submission.reply({ formErrors: [mapping.message] }));
  await runImport(member.id, contactImport.id, mapping.mapping, submission.value.duplicates);
  return respond(request, { type: "success", message: `${contactImport.file_name} imported.` }, { to: here });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function MappingStep({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const actionData = useActionData<typeof action>();
  const errors = actionData && "result" in actionData ? Object.values(actionData.result.error ?? {}).flat() : [];
  const pending = useIsPending();
  const preview = data.preview!;
  const empty = preview.used.filter((used) => !used).length;
  return (
    <Form method="post">
      <CsrfInput />
      <p>
        <strong>{data.fileName}</strong>: {plural(data.rowCount, "row", "rows")}. Choose the field each column fills; columns set to “Ignore” are not imported.
        {empty > 0 ? ` ${plural(empty, "column is", "columns are")} empty in every row and left out.` : null}
      </p>
      <div className="table-wrap">
        <table className="list import-preview">
          <caption className="muted">The first {plural(preview.rows.length, "row", "rows")} of the file</caption>
          <thead>
            <tr>
              <th className="line" scope="col">
                Line
              </th>
              {preview.headers.map((header, index) =>
                preview.used[index] ? (
                  <th key={index} scope="col">
                    <label>
                      <span className="import-header">{header}</span>
                      <select name={`column_${index}`} defaultValue={preview.mapping[index]} aria-label={`Field for column ${header}`}>
                        <option value="ignore">Ignore</option>
                        {IMPORT_FIELDS.map((field) => (
                          <option key={field.value} value={field.value}>
                            {field.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  </th>
                ) : null,
              )}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line}>
                <td className="line">{row.line}</td>
                {row.cells.map((cell, index) => (preview.used[index] ? <td key={index}>{cell}</td> : null))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset>
        <legend>Contacts you already have</legend>
        <p className="muted">A row is a duplicate when its e-mail or phone number is already one of your contacts&apos; (or an earlier row&apos;s).</p>
        <label className="choice">
          <input type="radio" name="duplicates" value="skip" defaultChecked /> Skip them: your contacts stay as they are
        </label>
        <label className="choice">
          <input type="radio" name="duplicates" value="merge" /> Merge them: fill in the fields your contact has empty (what it already holds is never
          overwritten)
        </label>
      </fieldset>
      <p className="muted">
        Rows are checked like the contact form: a name (or first and last name, or else the e-mail is used), a valid e-mail and phone number. Rows that fail are
        listed afterwards, with their line. You can undo the whole import later.
      </p>
      {errors.length > 0 ? (
        <div className="form-errors" role="alert">
          {errors.join(" ")}
        </div>
      ) : null}
      <div className="dialog-actions">
        <Link to="/user/contacts/import" className="button button--secondary" preventScrollReset>
          Choose another file
        </Link>
        <StatusButton pending={pending} pendingLabel="Importing...">
          Import {plural(data.rowCount, "row", "rows")}
        </StatusButton>
      </div>
    </Form>
  );
}

function Summary({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const summary = data.summary!;
  const { counts } = summary;
  return (
    <>
      <p>
        <strong>{data.fileName}</strong>
        {summary.undoneAt ? (
          <>
            : this import was undone on <ViewerTime value={summary.undoneAt} dateOnly />.
          </>
        ) : null}
      </p>
      <ul className="import-counts" aria-label="Import summary">
        <li>
          <strong>{counts.imported}</strong> imported
        </li>
        <li>
          <strong>{counts.updated}</strong> updated
        </li>
        <li>
          <strong>{counts.skipped}</strong> skipped
        </li>
        <li>
          <strong>{counts.rejected}</strong> rejected
        </li>
      </ul>
      {summary.problems.length > 0 ? (
        <section aria-labelledby="import-problems-heading">
          <h3 id="import-problems-heading">Rows not imported</h3>
          <ul className="import-problems">
            {summary.problems.map((problem, index) => (
              <li key={index}>
                Line {problem.line}: {problem.reason}
              </li>
            ))}
          </ul>
          {summary.unlisted > 0 ? <p className="muted">and {plural(summary.unlisted, "more row", "more rows")}.</p> : null}
        </section>
      ) : null}
      <div className="dialog-actions">
        {summary.undoneAt ? null : (
          <Link to="undo" className="button button--secondary" preventScrollReset>
            Undo this import
          </Link>
        )}
        <Link to="/user/contacts" className="button">
          Show my contacts
        </Link>
      </div>
    </>
  );
}

export default function ContactImport() {
  const data = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={data.preview ? "Import contacts: check the columns" : "Import summary"} size="large">
      {data.preview ? <MappingStep data={data} /> : <Summary data={data} />}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Import contacts · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
