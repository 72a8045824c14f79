import { useEffect, useState } from "react";

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
    const container = document.getElementById(containerId);
    const field = container instanceof HTMLFormElement || container instanceof HTMLFieldSetElement ? container.elements.namedItem(name) : null;
    if (field && "value" in field) setValue(field.value);
  }, [containerId, name, setValue]);
  return state;
}
