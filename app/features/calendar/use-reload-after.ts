import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { RELOAD_AFTER_MS, RELOADING_MESSAGES } from "./constants";

/** SPEC.md §9: after "Congratulations, you have finished your task!" and "Task edited
 * successfully." the calendar reloads itself after 3 s (with JavaScript; without it the page
 * that shows the notice is already fresh). */
export function useReloadAfterNotice() {
  const notification = (useRouteLoaderData("root") as { notification?: { id: string; message: string } | null } | undefined)?.notification;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!notification || !RELOADING_MESSAGES.includes(notification.message)) return;
    const timer = setTimeout(() => revalidator.revalidate(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per notice
  }, [notification?.id]);
}
