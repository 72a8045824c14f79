import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/ui/csrf-input";
import { useChangeMadeEarly } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * SPEC.md §4: is_important toggles 0/1 through a checkbox, drawn as a star. With JS ticking it
 * posts at once and it flips in place (a fetcher); without JS the member ticks it and presses
 * the small Save button, and the page comes back with the notification.
 */
export function ImportantToggle({ contactId, important, name }: { contactId: number; important: boolean; name: string }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  // Ticked at once, until the save and the reload of the list are through.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle") setOptimistic(null);
  }, [fetcher.state]);
  const checked = optimistic ?? important;
  const formRef = useRef<HTMLFormElement>(null);
  const save = (form: HTMLFormElement | null, tick: boolean) => {
    setOptimistic(tick);
    fetcher.submit(form);
  };
  useChangeMadeEarly(formRef, "is_important", (form) => save(form, !important));
  return (
    <fetcher.Form method="post" action="/user/contacts/change_isImportant" className="important-toggle" ref={formRef}>
      <CsrfInput />
      <input type="hidden" name="contact_id" value={contactId} />
      <label className="star" title="Important">
        <input
          type="checkbox"
          name="is_important"
          value="1"
          checked={checked}
          onChange={(event) => save(event.currentTarget.form, event.currentTarget.checked)}
          aria-label={`Mark ${name} as important`}
        />
        <span className="star-off" aria-hidden="true">
          ☆
        </span>
        <span className="star-on" aria-hidden="true">
          ★
        </span>
      </label>
      {/* The form's first is_important counts: the box's 1 when ticked, else this 0. */}
      <input type="hidden" name="is_important" value="0" />
      {hydrated ? null : (
        <button type="submit" className="button button--secondary button--small" aria-label={`Save the important mark of ${name}`}>
          Save
        </button>
      )}
    </fetcher.Form>
  );
}
