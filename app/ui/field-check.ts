/** The field conform posts its intents in, and what a field's check looks like there. */
const INTENT = "__intent__";

/** How long typing must pause before a field's check is posted (paceFieldChecks). */
const FIELD_CHECK_PAUSE_MS = 400;

function isFieldCheck(intent: unknown) {
  if (typeof intent !== "string") return false;
  try {
    return (JSON.parse(intent) as { type?: unknown }).type === "validate";
  } catch {
    return false;
  }
}

/**
 * Whether a submission is conform asking the server to check a field (its "validate" intent in
 * `__intent__`), which it posts as the member leaves or corrects the field. That is not the form
 * being sent: its button must not turn pending and disabled, or a click on it, whose press left
 * the field, is lost (the round trip is long on a slow connection); nor is the page loading.
 */
export function checksOneField(formData: FormData | undefined) {
  return isFieldCheck(formData?.get(INTENT));
}

function fieldCheckOf(event: Event) {
  const submitter = (event as SubmitEvent).submitter;
  if (!(submitter instanceof HTMLButtonElement) || submitter.name !== INTENT || !isFieldCheck(submitter.value)) return null;
  return event.target instanceof HTMLFormElement ? { form: event.target, value: submitter.value } : null;
}

/**
 * After a refusal conform posts a field's check on every keystroke (`shouldRevalidate:
 * "onInput"`), each one replacing the last: a word typed on a slow phone was a dozen requests,
 * each answered, and each aborted one a connection closed and opened again. A check is held
 * until typing has paused for FIELD_CHECK_PAUSE_MS, then posted once with the form as it is
 * by then (the server's answer holds every field's message and conform shows those of the
 * fields checked so far, so the last check answers for them all). The form's own submission
 * sends at once and drops a check still held; so does a form that is gone (its dialog closed).
 */
export function paceFieldChecks(target: Window) {
  const held = new Map<HTMLFormElement, { value: string; timer: ReturnType<typeof setTimeout> }>();
  let releasing = false;
  const release = (form: HTMLFormElement, value: string) => {
    held.delete(form);
    if (!form.isConnected) return;
    // As conform's own intent: a hidden, unvalidated button of the form, removed once clicked,
    // kept outside a form with an id (its removal there disturbs a modal dialog's focus).
    const button = form.ownerDocument.createElement("button");
    button.name = INTENT;
    button.value = value;
    button.hidden = true;
    button.formNoValidate = true;
    if (form.id) {
      button.setAttribute("form", form.id);
      form.ownerDocument.body.append(button);
    } else form.append(button);
    releasing = true;
    try {
      form.requestSubmit(button);
    } finally {
      releasing = false;
      button.remove();
    }
  };
  target.addEventListener(
    "submit",
    (event) => {
      if (releasing || !(event.target instanceof HTMLFormElement)) return;
      const waiting = held.get(event.target);
      if (waiting) {
        clearTimeout(waiting.timer);
        held.delete(event.target);
      }
      const check = fieldCheckOf(event);
      if (!check) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.set(check.form, { value: check.value, timer: setTimeout(() => release(check.form, check.value), FIELD_CHECK_PAUSE_MS) });
    },
    true,
  );
}

/**
 * A field's check posts the whole form, and a form's chosen image or document went with it: on
 * every keystroke after a refusal, the file was uploaded, stored (an image resized) and deleted
 * again. Its file fields are disabled while the check's submission is read, so that it goes
 * without them; the form's own submission still sends them. conform dispatches the check from
 * its input and blur handlers, so the fields are enabled again once that handler has returned.
 */
export function leaveFilesOutOfFieldChecks(target: Window) {
  target.addEventListener(
    "submit",
    (event) => {
      const check = fieldCheckOf(event);
      if (!check) return;
      const files = [...check.form.elements].filter(
        (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === "file" && !element.disabled,
      );
      for (const input of files) input.disabled = true;
      queueMicrotask(() => {
        for (const input of files) input.disabled = false;
      });
    },
    true,
  );
}
