import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/** SPEC.md §4/§9: "Copied!" or "Failed!", hidden after 1 s. */
export const COPY_FEEDBACK_MS = 1000;

/** Copies `text` to the clipboard. Without JS there is nothing to click: the text beside it
 * is selectable as it is. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [feedback, setFeedback] = useState<"Copied!" | "Failed!" | null>(null);

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(null), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  if (!hydrated) return null;
  return (
    <span className="copy">
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setFeedback("Copied!");
          } catch {
            setFeedback("Failed!");
          }
        }}
      >
        {label}
      </button>
      <span className="copy-feedback" role="status" aria-live="polite">
        {feedback}
      </span>
    </span>
  );
}
