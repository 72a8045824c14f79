/** The label shown before a member's "Looking for" question under their name: none when the
 * question says it itself ("Looking for a co-founder in logistics?", as the settings' example
 * writes it), which read "Looking for: Looking for …". */
export function questionLabel(question: string) {
  return /^\s*looking\s+for\b/i.test(question) ? null : "Looking for:";
}

/** That label, muted, with the space after it; nothing when there is none. */
export function QuestionLabel({ question }: { question: string }) {
  const label = questionLabel(question);
  return label ? <span className="muted">{label} </span> : null;
}

/** The "Looking for" heading over a member's question on their page, for screen readers only when
 * the question says it itself: the page read "Looking for" over "Looking for a co-founder …". */
export function LookingForHeading({ id, question }: { id: string; question: string | null }) {
  const saysItself = question !== null && questionLabel(question) === null;
  return (
    <h2 id={id} className={saysItself ? "visually-hidden" : undefined}>
      Looking for
    </h2>
  );
}
