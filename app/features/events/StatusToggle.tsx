import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";

/**
 * SPEC.md §4's answers to an event or an offer: Interested / Not interested and Going / Not
 * going, two buttons side by side, the member's answer pressed (aria-pressed). With JS the
 * answer moves at once (a fetcher) and the count follows, then the server is called; without
 * JS the small form posts and the page comes back with the notice. Used for events
 * (event_id) and offers (product_id).
 */
type StatusToggleProps = {
  action: string;
  idName: "event_id" | "product_id";
  id: number;
  on: boolean;
  /** False while the member has not answered at all: neither answer is pressed. */
  answered?: boolean;
  count: number;
  /** The answers [yes, no]: what is sent (SPEC.md §7's type) and what the button reads. */
  answers: [{ type: string; label: string }, { type: string; label: string }];
  countLabel: string;
  title: string;
};

/** SPEC.md §4's Interested / Not interested of an event or an offer. */
export function InterestedToggle(props: Omit<StatusToggleProps, "answers" | "countLabel">) {
  return (
    <StatusToggle
      {...props}
      answers={[
        { type: "Interested", label: "Interested" },
        { type: "Uninterested", label: "Not interested" },
      ]}
      countLabel="interested"
    />
  );
}

export function StatusToggle({ action, idName, id, on, answered = true, count, answers, countLabel, title }: StatusToggleProps) {
  const fetcher = useFetcher();
  const submitted = fetcher.formData?.get("type");
  const shown = submitted ? submitted === answers[0].type : on;
  const shownAnswered = Boolean(submitted) || answered;
  const shownCount = Math.max(0, count + (shown === on ? 0 : shown ? 1 : -1));
  return (
    <fetcher.Form method="post" action={action} className="status-toggle">
      <CsrfInput />
      <input type="hidden" name={idName} value={id} />
      <span className="status-choice">
        {answers.map((answer, index) => {
          const pressed = shownAnswered && (index === 0 ? shown : !shown);
          return (
            <button
              key={answer.type}
              type="submit"
              name="type"
              value={answer.type}
              aria-pressed={pressed}
              className={`button button--small${pressed ? " status-toggle--on" : " button--secondary"}`}
              aria-label={`${answer.label}: ${title}`}
            >
              {answer.label}
            </button>
          );
        })}
      </span>
      <span className="status-count" aria-live="polite">
        {shownCount} {countLabel}
      </span>
    </fetcher.Form>
  );
}
