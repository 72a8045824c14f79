import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatBytes } from "~/lib/file-types";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** An action content: a dated note of what was done, with an optional link and attachment. */
export function BusinessContentForm({
  lastResult,
  constraint,
  defaults,
  formId,
  submitLabel,
  attachmentAccept,
  attachmentMaxBytes,
  attachment,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  formId: string;
  submitLabel: string;
  attachmentAccept: string;
  attachmentMaxBytes: number;
  /** The attachment the content has (editing), if any. */
  attachment: { url: string; name: string } | null;
}) {
  const pending = useIsPending();
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  const attachmentErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.attachment;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      <CsrfInput />
      <Field label="Date" errors={fields.noted_on.errors} inputProps={{ ...getInputProps(fields.noted_on, { type: "date" }) }} />
      <TextareaField label="Note" errors={fields.note.errors} textareaProps={{ ...getTextareaProps(fields.note), rows: 4 }} />
      <Field
        label="Link"
        hint="Optional, e.g. https://example.com/report"
        errors={fields.link.errors}
        inputProps={{ ...getInputProps(fields.link, { type: "text" }), inputMode: "url" }}
      />
      {attachment ? (
        <p className="field">
          Attachment: <a href={attachment.url}>{attachment.name}</a>{" "}
          <label>
            <input type="checkbox" name="remove_attachment" /> Remove it
          </label>
        </p>
      ) : null}
      <Field
        label={attachment ? "Replace the attachment" : "Attachment"}
        hint={`Optional: a document or an image, up to ${formatBytes(attachmentMaxBytes)}.`}
        errors={attachmentErrors}
        inputProps={{ type: "file", name: "attachment", accept: attachmentAccept }}
      />
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
