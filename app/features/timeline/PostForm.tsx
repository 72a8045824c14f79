import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, SelectField, TextareaField } from "~/ui/field";
import { MultiFileUpload, type PendingUpload } from "~/ui/image-upload";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { useFieldState } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";
import { canSubmitPost } from "./post-button";
import { PRIVACY_OPTIONS } from "./constants";

export type ExistingFile = { id: number; name: string; family: "image" | "video"; thumbnailUrl: string | null };

const HINT = "Photos (JPG, PNG, GIF) or videos (MP4, MOV, AVI, WMV, FLV, 3GP, TS, M3U8)";

/**
 * The post form (SPEC.md §2 "post form (with edit mode)"): message, photos and videos,
 * privacy. Without JS the files go with the form; with JS each uploads as soon as it is
 * chosen, and Post waits for them (canSubmitPost). An edit lists the post's files with a
 * "Keep" checkbox each (not_deleted_files[]); unticked ones are deleted on saving.
 */
export function PostForm({
  lastResult,
  constraint,
  defaults,
  existing,
  upload,
  back,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: { message: string; privacy: string };
  existing: ExistingFile[];
  upload: { accept: string; maxBytes: number };
  back: string;
  submitLabel: string;
}) {
  const hydrated = useHydrated();
  const pending = useIsPending();
  const [form, fields] = useServerForm("post-form", { lastResult, constraint, defaults });
  const [message, setMessage] = useFieldState(form.id, fields.message.name, defaults.message);
  const [kept, setKept] = useState(() => new Set(existing.map((file) => file.id)));
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const ready = canSubmitPost({
    message,
    kept: kept.size,
    attachments: uploads.map((item) => (item.uploaded ? "uploaded" : "uploading")),
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="post-form">
      <CsrfInput />
      <TextareaField
        label="Message"
        errors={fields.message.errors}
        textareaProps={{
          ...getTextareaProps(fields.message),
          rows: 4,
          placeholder: "What would you like to share?",
          onInput: (event) => setMessage(event.currentTarget.value),
        }}
      />
      {existing.length ? (
        <fieldset className="post-form-existing">
          <legend>Photos and videos of this post</legend>
          <ul className="upload-previews">
            {existing.map((file) => (
              <li key={file.id} className="upload-preview">
                {file.thumbnailUrl ? (
                  <img src={file.thumbnailUrl} alt="" width={100} height={100} />
                ) : (
                  <span className="upload-preview-video" aria-hidden="true">
                    ▶
                  </span>
                )}
                <label>
                  <input
                    type="checkbox"
                    name="not_deleted_files[]"
                    value={file.id}
                    defaultChecked
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setKept((current) => {
                        const next = new Set(current);
                        if (checked) next.add(file.id);
                        else next.delete(file.id);
                        return next;
                      });
                    }}
                  />{" "}
                  Keep {file.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <MultiFileUpload
        action="/user/upload_post_file"
        deleteAction="/user/upload_post_file/delete"
        accept={upload.accept}
        maxBytes={upload.maxBytes}
        label={existing.length ? "Add photos or videos" : "Photos or videos"}
        hint={HINT}
        inputName="attachments"
        valueName="files[]"
        onChange={setUploads}
      />
      <SelectField label="Who may see it" errors={fields.privacy.errors} options={PRIVACY_OPTIONS} selectProps={getSelectProps(fields.privacy)} />
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <Link to={back} className="button button--secondary" preventScrollReset>
          Cancel
        </Link>
        <StatusButton pending={pending} disabled={hydrated && !ready} pendingLabel="Posting...">
          {submitLabel}
        </StatusButton>
      </div>
    </Form>
  );
}
