import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";

/** SPEC.md §4: is_important toggles 0/1. With JS it flips in place (a fetcher); without JS
 * the same form posts and the page comes back with the notification. */
export function ImportantToggle({ contactId, important, name }: { contactId: number; important: boolean; name: string }) {
  const fetcher = useFetcher();
  const shown = fetcher.formData ? fetcher.formData.get("is_important") === "1" : important;
  return (
    <fetcher.Form method="post" action="/user/contacts/change_isImportant" className="important-toggle">
      <CsrfInput />
      <input type="hidden" name="contact_id" value={contactId} />
      <input type="hidden" name="is_important" value={shown ? "0" : "1"} />
      <button
        type="submit"
        className={`star${shown ? " star--on" : ""}`}
        aria-pressed={shown}
        aria-label={shown ? `${name} is important: unmark` : `Mark ${name} as important`}
        title={shown ? "Important" : "Mark as important"}
      >
        {shown ? "★" : "☆"}
      </button>
    </fetcher.Form>
  );
}
