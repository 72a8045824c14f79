import { useLocation, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * One click handler for the plain links inside an element: `<a data-discover="true" href="/…">`,
 * followed as Remix's <Link> follows them (in the page, with the same checks: left button, no
 * modifier key, same site, no target or download; to the current address it replaces).
 *
 * For lists that repeat many links per item: each <Link> runs about ten hooks as it renders,
 * and the contact grid's 24 cards hold 240 of them, the largest single cost of rendering that
 * page. Plain anchors print the same HTML (data-discover lets lazy route discovery find their
 * routes, as it finds a <Link>'s), and without JavaScript they are the same links. A <Link>
 * inside the element still handles its own clicks (it marks them handled first).
 */
export function useLinkClicks({ preventScrollReset = false }: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !link.hasAttribute("data-discover") || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== window.location.origin) return;
    event.preventDefault();
    const to = link.pathname + link.search + link.hash;
    navigate(to, { preventScrollReset, replace: to === location.pathname + location.search + location.hash });
  };
}
