import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FlashedNotification } from "~/lib/respond.server";
import { useHydrated } from "./use-hydrated";

const HIDE_AFTER_MS = 6000;

/**
 * The answer of the last action. The server renders it into the page (so members without
 * JS see it); with JS it floats as a toast that hides itself and can be dismissed. `link` leads
 * to what it tells of (a friend request arriving live: to the request).
 */
export function Toast({ notification, link }: { notification: FlashedNotification | null; link?: { to: string; label: string } }) {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState<string | null>(null);
  // Kept while the pointer or focus is on it, so there is time to read it.
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!notification || !hydrated || held) return;
    const timer = setTimeout(() => setHidden(notification.id), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [notification, hydrated, held]);

  if (!notification || hidden === notification.id) return null;
  const urgent = notification.type === "error" || notification.type === "warning";
  return (
    <div
      className={`toast toast--${notification.type}${hydrated ? " toast--floating" : ""}`}
      role={urgent ? "alert" : "status"}
      data-testid="toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {link ? (
        <div className="toast-text">
          <p>{notification.message}</p>
          <Link to={link.to} className="toast-link" onClick={() => setHidden(notification.id)}>
            {link.label}
          </Link>
        </div>
      ) : (
        <p>{notification.message}</p>
      )}
      {hydrated ? (
        <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => setHidden(notification.id)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
