import { type RefObject, useEffect, useState } from "react";

type Container = HTMLFormElement | HTMLFieldSetElement;

function containerOf(id: string): Container | null {
  const element = document.getElementById(id);
  return element instanceof HTMLFormElement || element instanceof HTMLFieldSetElement ? element : null;
}

/**
 * React state for the value of the field `name` inside the form or fieldset `containerId`, that
 * takes up what the member typed or chose before the page's JavaScript ran: on a slow
 * connection the server's HTML is usable first. Without it a controlled field is put back to
 * its first value at the first render after hydration (the typed chat message is gone, the
 * chosen country snaps back), and what follows the state (a disabled button, hidden parts)
 * disagrees with the page. A group of radios gives the checked one's value, or "".
 */
export function useFieldState(containerId: string, name: string, initial: string) {
  const state = useState(initial);
  const setValue = state[1];
  useEffect(() => {
    const field = containerOf(containerId)?.elements.namedItem(name);
    if (field && "value" in field) setValue(field.value);
  }, [containerId, name, setValue]);
  return state;
}

/**
 * The value of the select or checkbox `name` in `container` if the member changed it from what
 * the server rendered (before the JavaScript ran), else null; a box unticked then gives "".
 */
export function changedOnPage(container: Container, name: string): string | null {
  const found = container.elements.namedItem(name);
  // A checkbox may share its name with a hidden field (the value sent when it is not ticked).
  const field = (found instanceof RadioNodeList ? [...found] : [found]).find(
    (element) => element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && element.type === "checkbox"),
  );
  if (field instanceof HTMLSelectElement) {
    const rendered = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return rendered && field.value !== rendered.value ? field.value : null;
  }
  if (field instanceof HTMLInputElement && field.type === "checkbox") {
    return field.checked !== field.defaultChecked ? (field.checked ? field.value : "") : null;
  }
  return null;
}

/**
 * For a control that acts as soon as it changes (saves, or shows what was chosen) with JS, and
 * has a small button for that only without: a change made before the JavaScript ran, when the
 * button is gone once it runs, is acted on then, as the change would have been.
 */
export function useChangeMadeEarly(form: RefObject<HTMLFormElement>, name: string, act: (form: HTMLFormElement, value: string) => void) {
  useEffect(() => {
    const element = form.current;
    const value = element ? changedOnPage(element, name) : null;
    if (element && value !== null) act(element, value);
    // Once, at hydration: later changes act by themselves.
  }, []);
}
