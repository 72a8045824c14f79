import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { formatBytes } from "~/lib/file-types";
import { CsrfInput } from "./csrf-input";
import { useRootData } from "./root-data";
import { useHydrated } from "./use-hydrated";

type State =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number; previewUrl: string }
  | { phase: "done"; message: string }
  | { phase: "failed"; message: string };

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
  routeId,
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
  /** When `action` is a route with a page (a dialog route), its id: the upload then asks Remix
   * for the action's answer (`_data`) instead of the page. */
  routeId?: string;
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
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", routeId ? `${action}${action.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}` : action);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(99, Math.round((event.loaded / event.total) * 100));
      setState((current) => (current.phase === "uploading" ? { ...current, percent } : current));
    };
    xhr.onload = () => {
      xhrRef.current = null;
      let answer: { type?: string; message?: string; name?: string; error?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: a proxy or server error page
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer.type === "success") {
        setState({ phase: "done", message: answer.message ?? "Saved." });
        formRef.current?.reset();
        revalidator.revalidate();
      } else {
        fail(answer.name ?? file.name, answer.error ?? answer.message ?? `The server answered ${xhr.status}.`);
      }
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      fail(file.name, "The connection failed. Please try again.");
    };
    xhr.onabort = () => {
      xhrRef.current = null;
      setState({ phase: "idle" });
      formRef.current?.reset();
    };
    setState({ phase: "uploading", percent: 0, previewUrl: renderPreview ? URL.createObjectURL(file) : "" });
    xhr.send(body);
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
