import { useHydrated } from "~/ui/use-hydrated";

/** Opens the browser's print dialog; without JavaScript, says how to print instead. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="muted">Print this page with your browser&apos;s Print command (Ctrl+P, or ⌘P on a Mac).</p>;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  );
}
