import { useFormAction, useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { checksOneField } from "./field-check";

/** True while this route's own form (or the given action) is being submitted, not any form. */
export function useIsPending({ formAction, formMethod = "POST", intent }: { formAction?: string; formMethod?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  // The server renders each page once, with nothing on its way: it skips resolving the route's
  // own action (1.5% of the sign-in page). The browser always resolves it, so its hooks run in
  // the same order on every render.
  if (typeof document === "undefined") return false;
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const ownAction = useFormAction();
  return (
    navigation.state !== "idle" &&
    navigation.formAction === (formAction ?? ownAction) &&
    navigation.formMethod === formMethod &&
    !checksOneField(navigation.formData) &&
    // Several forms posting to one action tell themselves apart by their button's intent.
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

/** A submit button that shows SPEC.md's pending label ("Please Wait...", "Sending...") and is
 * disabled while its own form is on its way. */
export function StatusButton({
  pending,
  pendingLabel = "Please Wait...",
  children,
  className,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingLabel?: string }) {
  return (
    <button
      type="submit"
      {...props}
      className={["button", className].filter(Boolean).join(" ")}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
