/** The field conform posts its intents in, and what a field's check looks like there. */
const INTENT = "__intent__";

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
      const submitter = (event as SubmitEvent).submitter;
      if (!(submitter instanceof HTMLButtonElement) || submitter.name !== INTENT || !isFieldCheck(submitter.value)) return;
      if (!(event.target instanceof HTMLFormElement)) return;
      const files = [...event.target.elements].filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === "file" && !element.disabled);
      for (const input of files) input.disabled = true;
      queueMicrotask(() => {
        for (const input of files) input.disabled = false;
      });
    },
    true,
  );
}
