import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "./csrf-input";
import { RouteDialog } from "./route-dialog";
import { StatusButton, useIsPending } from "./status-button";

/**
 * SPEC.md §8's deletion question, naming what goes: "Are you sure you want to delete the
 * contact “Tunde Bakare”?", or "… this comment?" for a thing with no name of its own.
 */
export function deletionQuestion(kind: string, name?: string | null, where = "") {
  return name ? `Are you sure you want to delete the ${kind} “${name}”${where}?` : `Are you sure you want to delete this ${kind}${where}?`;
}

/**
 * Asks before something destructive, with SPEC.md §8's wording ("Confirm!" and "Are you sure
 * you want to …?"). It is a dialog route: with JS it opens without a reload, without JS it is
 * a page of its own; either way confirming posts the form to the route's own action.
 */
export function ConfirmDialog({
  title = "Confirm!",
  message,
  confirmLabel = "Yes, delete",
  cancelTo = "..",
  destructive = true,
  children,
  note,
}: {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelTo?: string;
  /** Red for deletions; false for confirmations that build something (marking paid …). */
  destructive?: boolean;
  /** Shown above the question (what is deleted, the terms agreed to …). */
  children?: ReactNode;
  /** Shown under the question: what goes with the thing named in it. */
  note?: ReactNode;
}) {
  const pending = useIsPending();
  return (
    <RouteDialog title={title} closeTo={cancelTo} size="small">
      <Form method="post" className="confirm">
        <CsrfInput />
        {children}
        <p className="confirm-message">{message}</p>
        {note}
        <div className="dialog-actions">
          <Link to={cancelTo} className="button button--secondary" preventScrollReset>
            Cancel
          </Link>
          {/* A confirmation's one question: its answer is where the keyboard starts. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <StatusButton pending={pending} className={destructive ? "button--danger" : undefined} autoFocus>
            {confirmLabel}
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}
