import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { formatBytes } from "~/lib/file-types";
import { CsrfInput } from "./csrf-input";
import { useRootData } from "./root-data";
import { useHydrated } from "./use-hydrated";

export type UploadAnswer = {
  type?: string;
  message?: string;
  name?: string;
  error?: string;
  file?: { name: string; thumbnailUrl: string | null; file_type?: string; url?: string };
};

/**
 * Sends one upload with XMLHttpRequest (fetch cannot report upload progress): the one place
 * the upload controls talk to the server. Success is a 2xx answer of type "success"; anything
 * else calls onFail with the file's name and the server's message. Returns the request, for
 * Cancel (abort).
 */
export function sendUpload({
  url,
  body,
  csrf,
  fileName,
  onProgress,
  onDone,
  onFail,
  onAbort,
}: {
  url: string;
  body: FormData;
  csrf: string;
  fileName: string;
  onProgress: (percent: number) => void;
  onDone: (answer: UploadAnswer) => void;
  onFail: (name: string, message: string) => void;
  onAbort: () => void;
}) {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", url);
  xhr.setRequestHeader("Accept", "application/json");
  xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
  xhr.setRequestHeader("X-CSRF-Token", csrf);
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
  };
  xhr.onload = () => {
    let answer: UploadAnswer = {};
    try {
      answer = JSON.parse(xhr.responseText);
    } catch {
      // not JSON: a proxy or server error page
    }
    if (xhr.status >= 200 && xhr.status < 300 && answer.type === "success") onDone(answer);
    else onFail(answer.name ?? fileName, answer.error ?? answer.message ?? `The server answered ${xhr.status}.`);
  };
  xhr.onerror = () => onFail(fileName, "The connection failed. Please try again.");
  xhr.onabort = onAbort;
  xhr.send(body);
  return xhr;
}

type State =
  { phase: "idle" } | { phase: "uploading"; percent: number; previewUrl: string } | { phase: "done"; message: string } | { phase: "failed"; message: string };

/**
 * The one upload control: images (with a preview) and, with `hint` and no preview, videos and
 * documents (FileUpload). Without JS it is a plain multipart form posting to `action`.
 * With JS, choosing a file uploads it at once with XMLHttpRequest: the button shows the
 * percentage, Cancel aborts, a failure shows "Upload error: {name}: {message}" and the
 * previous image comes back (SPEC.md §4, §8).
 */
export function ImageUpload({
  action,
  accept,
  maxBytes,
  label,
  renderPreview,
  hasImage,
  actions,
  hint = "JPG, PNG or GIF",
  chooseLabel,
  uploadTo,
  prepare,
}: {
  action: string;
  accept: string;
  maxBytes: number;
  label: string;
  /** Shows the current image, or the chosen file while it uploads; none for other files. */
  renderPreview?: (previewUrl: string | null) => ReactNode;
  hasImage: boolean;
  /** Shown beside the upload button (a delete link …). */
  actions?: ReactNode;
  /** What may be chosen, before ", up to {limit}." under the input. */
  hint?: string;
  /** The input's label, instead of "Choose a {label}" / "Replace the {label}". */
  chooseLabel?: string;
  /** When `action` is a route with a page (a dialog route): the route with no page that takes
   * the same upload with JavaScript and answers it as JSON (a page's action answers in Remix's
   * own format). Without JavaScript the form posts to `action`. */
  uploadTo?: string;
  /** Runs once a file is chosen, before it is sent (the business card's crop dialog): the
   * extra form fields to send with it, or null to send nothing. */
  prepare?: (file: File) => Promise<Record<string, string> | null>;
}) {
  const hydrated = useHydrated();
  const { csrf } = useRootData();
  const revalidator = useRevalidator();
  const inputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const [state, setState] = useState<State>({ phase: "idle" });

  const previewUrl = state.phase === "uploading" ? state.previewUrl : null;
  useEffect(() => () => xhrRef.current?.abort(), []);
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  function fail(name: string, message: string) {
    setState({ phase: "failed", message: `Upload error: ${name}: ${message}` });
    if (formRef.current) formRef.current.reset();
  }

  async function upload(file: File) {
    if (file.size > maxBytes) {
      fail(file.name, `The file is too large: the limit is ${formatBytes(maxBytes)}.`);
      return;
    }
    const extra = prepare ? await prepare(file) : {};
    if (!extra) {
      setState({ phase: "idle" });
      formRef.current?.reset();
      return;
    }
    const body = new FormData(formRef.current ?? undefined);
    for (const [name, value] of Object.entries(extra)) body.set(name, value);
    xhrRef.current = sendUpload({
      url: uploadTo ?? action,
      body,
      csrf,
      fileName: file.name,
      onProgress: (percent) => setState((current) => (current.phase === "uploading" ? { ...current, percent } : current)),
      onDone: (answer) => {
        xhrRef.current = null;
        setState({ phase: "done", message: answer.message ?? "Saved." });
        formRef.current?.reset();
        revalidator.revalidate();
      },
      onFail: (name, message) => {
        xhrRef.current = null;
        fail(name, message);
      },
      onAbort: () => {
        xhrRef.current = null;
        setState({ phase: "idle" });
        formRef.current?.reset();
      },
    });
    setState({ phase: "uploading", percent: 0, previewUrl: renderPreview ? URL.createObjectURL(file) : "" });
  }

  const uploading = state.phase === "uploading";
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      className="image-upload"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const input = formRef.current?.elements.namedItem("file") as HTMLInputElement | null;
        const file = input?.files?.[0];
        if (file) void upload(file);
        else input?.click();
      }}
    >
      <CsrfInput />
      {renderPreview ? <div className="image-upload-preview">{renderPreview(uploading ? state.previewUrl : null)}</div> : null}
      <div className="field">
        <label htmlFor={inputId}>{chooseLabel ?? (hasImage ? `Replace the ${label}` : `Choose a ${label}`)}</label>
        <input
          id={inputId}
          type="file"
          name="file"
          accept={accept}
          required
          disabled={uploading}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (hydrated && file) void upload(file);
          }}
        />
        <p className="field-hint">
          {hint}, up to {formatBytes(maxBytes)}.
        </p>
      </div>
      <div className="image-upload-controls">
        <button type="submit" className="button" disabled={uploading} aria-live="polite">
          {uploading ? `Uploading ${state.percent}%` : "Upload"}
        </button>
        {uploading ? (
          <button type="button" className="button button--secondary" onClick={() => xhrRef.current?.abort()}>
            Cancel
          </button>
        ) : (
          actions
        )}
      </div>
      {state.phase === "failed" ? (
        <p className="upload-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.phase === "done" ? (
        <p className="upload-status" role="status">
          {state.message}
        </p>
      ) : null}
    </Form>
  );
}

/** The same control for files that have no preview (videos, documents). */
export const FileUpload = ImageUpload;

export type PendingUpload = {
  key: string;
  fileName: string;
  family: "image" | "video";
  previewUrl: string | null;
  percent: number;
  /** The server's name for the stored file, once uploaded. */
  uploaded: { name: string; thumbnailUrl: string | null } | null;
  xhr: XMLHttpRequest | null;
};

let uploadCounter = 0;

/**
 * Several files inside another form (a post's photos and videos). Without JS it is a plain
 * `<input type="file" multiple name={inputName}>` sent with that form. With JS every chosen
 * file uploads at once to `action` (sendUpload) with its preview, percentage and Cancel; an
 * uploaded one carries its server name in a hidden `valueName` input and can be removed
 * (`deleteAction`, {filename}); a failed one disappears and "Upload error: {name}: {message}"
 * is shown (SPEC.md §4, §8). `onChange` hears which are still uploading.
 */
export function MultiFileUpload({
  action,
  deleteAction,
  accept,
  maxBytes,
  label,
  hint,
  inputName,
  valueName,
  onChange,
}: {
  action: string;
  deleteAction: string;
  accept: string;
  maxBytes: number;
  label: string;
  hint: string;
  inputName: string;
  valueName: string;
  onChange?: (uploads: PendingUpload[]) => void;
}) {
  const hydrated = useHydrated();
  const { csrf } = useRootData();
  const inputId = useId();
  const [uploads, setUploadsState] = useState<PendingUpload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const latest = useRef<PendingUpload[]>([]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  function setUploads(update: (current: PendingUpload[]) => PendingUpload[]) {
    latest.current = update(latest.current);
    setUploadsState(latest.current);
    onChangeRef.current?.(latest.current);
  }
  function patch(key: string, change: Partial<PendingUpload>) {
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }
  function drop(key: string) {
    const item = latest.current.find((each) => each.key === key);
    if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
    setUploads((current) => current.filter((each) => each.key !== key));
  }
  useEffect(
    () => () => {
      for (const item of latest.current) {
        item.xhr?.abort();
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      }
    },
    [],
  );

  function upload(file: File) {
    const fail = (name: string, message: string) => setErrors((current) => [...current, `Upload error: ${name}: ${message}`]);
    if (file.size > maxBytes) {
      fail(file.name, `The file is too large: the limit is ${formatBytes(maxBytes)}.`);
      return;
    }
    uploadCounter += 1;
    const key = `upload-${uploadCounter}`;
    const family = file.type.startsWith("video/") || /\.(flv|mp4|m3u8|ts|3gp|mov|avi|wmv)$/i.test(file.name) ? "video" : "image";
    const body = new FormData();
    body.append("csrf", csrf);
    body.append("file", file);
    const xhr = sendUpload({
      url: action,
      body,
      csrf,
      fileName: file.name,
      onProgress: (percent) => patch(key, { percent }),
      onDone: (answer) => patch(key, { xhr: null, percent: 100, uploaded: { name: answer.file?.name ?? "", thumbnailUrl: answer.file?.thumbnailUrl ?? null } }),
      onFail: (name, message) => {
        drop(key);
        fail(name, message);
      },
      onAbort: () => drop(key),
    });
    const previewUrl = family === "image" ? URL.createObjectURL(file) : null;
    setUploads((current) => [...current, { key, fileName: file.name, family, previewUrl, percent: 0, uploaded: null, xhr }]);
  }

  function uploadChosen(input: HTMLInputElement) {
    const files = Array.from(input.files ?? []);
    // The files travel on their own; the form must not send them again.
    input.value = "";
    setErrors([]);
    for (const file of files) upload(file);
  }
  // Files chosen before the JavaScript ran go up once it runs, as if chosen then.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (inputRef.current?.files?.length) uploadChosen(inputRef.current);
  }, []);

  function remove(item: PendingUpload) {
    drop(item.key);
    if (!item.uploaded) return;
    void fetch(deleteAction, {
      method: "POST",
      body: new URLSearchParams({ filename: item.uploaded.name }),
      headers: { "X-CSRF-Token": csrf, Accept: "application/json" },
    }).catch(() => undefined); // left behind, it is cleaned up a day later
  }

  return (
    <div className="multi-upload">
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="file"
          name={inputName}
          accept={accept}
          multiple
          ref={inputRef}
          onChange={(event) => {
            if (hydrated) uploadChosen(event.currentTarget);
          }}
        />
        <p className="field-hint">
          {hint}, up to {formatBytes(maxBytes)} each.
        </p>
      </div>
      {uploads.length ? (
        <ul className="upload-previews" aria-label="Attached files">
          {uploads.map((item) => (
            <li key={item.key} className="upload-preview">
              {item.uploaded?.thumbnailUrl || item.previewUrl ? (
                <img src={item.uploaded?.thumbnailUrl ?? item.previewUrl ?? ""} alt="" width={100} height={100} />
              ) : (
                <span className="upload-preview-video" aria-hidden="true">
                  ▶
                </span>
              )}
              <span className="upload-preview-name">{item.fileName}</span>
              {item.uploaded ? (
                <>
                  <input type="hidden" name={valueName} value={item.uploaded.name} />
                  <button type="button" className="button button--secondary button--small" onClick={() => remove(item)} aria-label={`Remove ${item.fileName}`}>
                    Remove
                  </button>
                </>
              ) : (
                <>
                  <span aria-live="polite">Uploading {item.percent}%</span>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => item.xhr?.abort()}
                    aria-label={`Cancel ${item.fileName}`}
                  >
                    Cancel
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {errors.map((error) => (
        <p key={error} className="upload-error" role="alert">
          {error}
        </p>
      ))}
    </div>
  );
}
