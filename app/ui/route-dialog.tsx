import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A child route shown as a dialog over its parent page. It is an inline `<dialog open>`, so
 * the server renders it and it works without JavaScript (closing is a link to the parent).
 * With JS it becomes a real modal: focus stays inside, Escape and a backdrop click close it.
 */
export function RouteDialog({
  title,
  closeTo = "..",
  children,
  size = "medium",
}: {
  title: ReactNode;
  closeTo?: string;
  children: ReactNode;
  size?: "small" | "medium" | "large";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialog.close();
    dialog.showModal();
    const first = dialog.querySelector<HTMLElement>("[autofocus], input:not([type=hidden]), select, textarea, button");
    first?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  return (
    <div className="dialog-layer">
      <Link to={closeTo} className="dialog-backdrop" aria-hidden="true" tabIndex={-1} preventScrollReset />
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        className={`dialog dialog--${size}`}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { preventScrollReset: true });
        }}
        onClick={(event) => {
          // A click on the ::backdrop of a modal dialog targets the dialog element itself.
          if (event.target === ref.current) navigate(closeTo, { preventScrollReset: true });
        }}
      >
        <div className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeTo} className="dialog-close" aria-label="Close" preventScrollReset>
            ×
          </Link>
        </div>
        <div className="dialog-body">{children}</div>
      </dialog>
    </div>
  );
}

/** A dialog with nothing to do but say why (the action was already done, or does not apply),
 * and a Close back to the page below. */
export function NoticeDialog({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RouteDialog title={title} size="small">
      {children}
      <div className="dialog-actions">
        <Link to=".." className="button" preventScrollReset>
          Close
        </Link>
      </div>
    </RouteDialog>
  );
}
