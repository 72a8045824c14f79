import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { CsrfInput } from "./csrf-input";
import { useChangeMadeEarly } from "./use-field-state";
import { useHydrated } from "./use-hydrated";

/**
 * SPEC.md §4: an item's status changes from a select. With JS choosing posts at once (a
 * fetcher; the page comes back with the notification); without JS the small form's Save
 * button posts it and the page reloads with the notice.
 */
export function StatusSelect({
  action,
  value,
  options,
  label,
}: {
  action: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** What the select is for, read out by screen readers ("Status of Learn Spanish"). */
  label: string;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const shown = (fetcher.formData?.get("status") as string | null) ?? value;
  const formRef = useRef<HTMLFormElement>(null);
  const save = (form: HTMLFormElement | null) => fetcher.submit(form, { preventScrollReset: true });
  useChangeMadeEarly(formRef, "status", save);
  return (
    <fetcher.Form method="post" action={action} className="status-select" ref={formRef}>
      <CsrfInput />
      <select name="status" aria-label={label} value={shown} onChange={(event) => save(event.currentTarget.form)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button button--small button--secondary">
          Save
        </button>
      )}
    </fetcher.Form>
  );
}
