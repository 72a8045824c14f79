import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { leaveFilesOutOfFieldChecks, paceFieldChecks } from "~/ui/field-check";
import { preloadOnIntent } from "~/ui/preload-on-intent";

// React 18.3 sets a text box back to the text the server sent when it hydrates it (its
// textarea post-mount step, which inputs and selects skip while hydrating): on a slow
// connection a member who edits a post, a contact's notes or an event's description before
// the JavaScript has run would lose what they typed. What differs is noted before hydrating
// and put back in the hydration's commit, before any effect reads the field.
const typed = new Map<HTMLTextAreaElement, string>();
for (const box of document.querySelectorAll("textarea")) if (box.value !== box.defaultValue) typed.set(box, box.value);

function KeepTypedText({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    for (const [box, value] of typed) box.value = value;
    typed.clear();
  }, []);
  return children;
}

// Paced first: a check it holds back reaches the listener after it only when it is posted.
paceFieldChecks(window);
leaveFilesOutOfFieldChecks(window);
preloadOnIntent(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <KeepTypedText>
        <RemixBrowser />
      </KeepTypedText>
    </StrictMode>,
  );
});
