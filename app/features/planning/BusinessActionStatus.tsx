import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { CsrfInput } from "~/ui/csrf-input";
import { useChangeMadeEarly } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";
import { ACTION_STATUSES } from "./business-constants";

/** An action's status as a select: with JS it saves on change (a fetcher) and the page shows
 * the notification; without JS the small form's button posts it and the page comes back. */
export function BusinessActionStatus({ action, title, status }: { action: string; title: string; status: string }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const shown = (fetcher.formData?.get("status") as string | null) ?? status;
  const formRef = useRef<HTMLFormElement>(null);
  useChangeMadeEarly(formRef, "status", (form) => fetcher.submit(form));
  return (
    <fetcher.Form method="post" action={action} className="action-status" ref={formRef}>
      <CsrfInput />
      <select name="status" aria-label={`Status of ${title}`} value={shown} onChange={(event) => fetcher.submit(event.currentTarget.form)}>
        {ACTION_STATUSES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button button--small button--secondary" aria-label={`Save status of ${title}`}>
          Save
        </button>
      )}
    </fetcher.Form>
  );
}
