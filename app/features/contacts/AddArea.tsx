import { useEffect, useState, type ReactNode } from "react";

/**
 * SPEC.md §4's video (and business card) dialog: with nothing listed yet the add area shows
 * at once under `heading`; with a list it is folded behind an "Add More" button. A
 * `<details>`, so it opens without JS. Always the same element, so that the upload control in
 * it keeps its outcome line when the list reloads after an upload; once shown open (empty
 * list, or after the member opened it) it stays open.
 */
export function AddArea({ count, heading, children }: { count: number; heading: string; children: ReactNode }) {
  const [keepOpen, setKeepOpen] = useState(false);
  useEffect(() => {
    if (count === 0) setKeepOpen(true);
  }, [count]);
  const empty = count === 0;
  return (
    <details className="contact-files-add add-area" open={empty || keepOpen || undefined} onToggle={(event) => setKeepOpen(event.currentTarget.open)}>
      {/* Hidden while the list is empty: then the add area is all there is, not folded. */}
      <summary className="button button--secondary" hidden={empty}>
        Add More
      </summary>
      {empty ? <h3>{heading}</h3> : null}
      {children}
    </details>
  );
}
