import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { formatBytes } from "~/lib/file-types";
import { DialogForm } from "~/ui/dialog-form";
import { Field, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";

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
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  const attachmentErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.attachment;
  return (
    <DialogForm form={form} submitLabel={submitLabel} multipart>
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
    </DialogForm>
  );
}
