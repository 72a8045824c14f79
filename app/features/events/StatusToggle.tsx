import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";

/**
 * SPEC.md §4: Interested/Uninterested and Going/Notgoing. The button names what a click does;
 * with JS it flips to the opposite label at once (a fetcher) and the count follows, then the
 * server is called; without JS the small form posts and the page comes back with the notice.
 * Used for events (event_id) and offers (product_id).
 */
type StatusToggleProps = {
  action: string;
  idName: "event_id" | "product_id";
  id: number;
  on: boolean;
  count: number;
  /** [label when off (the click turns it on), label when on]. */
  labels: [string, string];
  countLabel: string;
  title: string;
};

/** SPEC.md §4's Interested / Uninterested of an event or an offer. */
export function InterestedToggle(props: Omit<StatusToggleProps, "labels" | "countLabel">) {
  return <StatusToggle {...props} labels={["Interested", "Uninterested"]} countLabel="interested" />;
}

export function StatusToggle({ action, idName, id, on, count, labels, countLabel, title }: StatusToggleProps) {
  const fetcher = useFetcher();
  const submitted = fetcher.formData?.get("type");
  const shown = submitted ? submitted === labels[0] : on;
  const shownCount = Math.max(0, count + (shown === on ? 0 : shown ? 1 : -1));
  const type = shown ? labels[1] : labels[0];
  return (
    <fetcher.Form method="post" action={action} className="status-toggle">
      <CsrfInput />
      <input type="hidden" name={idName} value={id} />
      <input type="hidden" name="type" value={type} />
      <button
        type="submit"
        name="_toggle"
        value={type}
        className={`button button--small${shown ? " status-toggle--on" : " button--secondary"}`}
        aria-label={`${type}: ${title}`}
      >
        {type}
      </button>
      <span className="status-count" aria-live="polite">
        {shownCount} {countLabel}
      </span>
    </fetcher.Form>
  );
}
