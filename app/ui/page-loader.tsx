import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { checksOneField } from "./field-check";

// SPEC.md §9: the loader fades out over 2000 ms (app.css, .page-loader).
const SHOW_AFTER_MS = 150;

/** A bar across the top while a page or form is loading (JS navigations only; without JS the
 * browser shows its own). Short loads do not flash it. */
export function PageLoader() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && !checksOneField(navigation.formData);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div className={`page-loader${visible ? " page-loader--visible" : ""}`} role="progressbar" aria-hidden={!visible} aria-label="Loading">
      <div className="page-loader-bar" />
    </div>
  );
}
