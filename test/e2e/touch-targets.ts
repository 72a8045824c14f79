/**
 * Controls a finger uses that are smaller than 44 × 44 CSS px (WCAG 2.5.5's and Apple's size),
 * each named by a selector and its size. Runs in the page, at a phone's width.
 *
 * A checkbox or radio counts by the label it sits in (the label is what the finger presses),
 * a visually hidden control by what is drawn for it. Left out, as WCAG 2.5.5 leaves them out:
 * a link inside running text (the "inline" exception: its height is the line's); FullCalendar's
 * items in its month and week grids, whose seven columns are narrower than 44 px on a phone,
 * while the same items are full-size targets in the calendar's list view and in the day's list
 * under the grid (the "equivalent" exception); and controls that are not on the screen (closed
 * menus, the skip link until it has the focus).
 */
export function touchTargetProblems(): string[] {
  const MINIMUM = 44;
  const TOLERANCE = 0.5;
  const problems: string[] = [];
  const describe = (element: Element) => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.body && parts.length < 3; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      if (node.id) part += `#${node.id}`;
      else if (typeof node.className === "string" && node.className.trim()) part += `.${node.className.trim().split(/\s+/).slice(0, 2).join(".")}`;
      parts.unshift(part);
    }
    return parts.join(" > ");
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") return false;
    return box.right > 0 && box.bottom > -window.scrollY && box.left < document.documentElement.clientWidth;
  };
  /** A link inside running text: drawn inline, with other words beside it in its block. */
  const inText = (element: Element) => {
    if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    if (!block) return false;
    const own = (element.textContent ?? "").replace(/\s+/g, "");
    const all = (block.textContent ?? "").replace(/\s+/g, "");
    return all.length > own.length;
  };
  /** What the finger presses for a control: its label, or what is drawn for a hidden one. */
  const targetOf = (element: Element): Element => {
    const hidden = element.getBoundingClientRect().width <= 1;
    if (element instanceof HTMLInputElement && (["checkbox", "radio"].includes(element.type) || (element.type === "file" && hidden))) {
      const label = element.closest("label") ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
      if (label) return label;
    }
    return element;
  };
  /** Chromium lays out a closed <details>'s content (unseen), so its boxes are not empty. */
  const insideClosedDetails = (element: Element) => {
    for (let details = element.parentElement?.closest("details"); details; details = details.parentElement?.closest("details")) {
      if (!details.open && !details.querySelector(":scope > summary")?.contains(element)) return true;
    }
    return false;
  };
  const seen = new Set<Element>();
  const controls = document.body.querySelectorAll(
    'a[href], button, summary, select, textarea, input:not([type="hidden"]), [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])',
  );
  for (const control of controls) {
    if (control.closest("[hidden], [inert], [aria-hidden='true']")) continue;
    if (insideClosedDetails(control)) continue;
    const target = targetOf(control);
    if (seen.has(target)) continue;
    seen.add(target);
    // A visually hidden input is pressed through the element drawn over or beside it.
    const box = target.getBoundingClientRect();
    if (box.width <= 1 && box.height <= 1) continue;
    if (!shown(target) || inText(target) || target.closest(".fc-daygrid-body, .fc-timegrid-body")) continue;
    // An invisible input stretched over its drawing (a star) counts as its parent's size.
    const width = Math.max(
      box.width,
      target === control && getComputedStyle(control).opacity === "0" ? control.parentElement!.getBoundingClientRect().width : 0,
    );
    const height = Math.max(
      box.height,
      target === control && getComputedStyle(control).opacity === "0" ? control.parentElement!.getBoundingClientRect().height : 0,
    );
    if (width + TOLERANCE < MINIMUM || height + TOLERANCE < MINIMUM) {
      const name = (target.getAttribute("aria-label") ?? target.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      problems.push(`${describe(target)} "${name}" is ${Math.round(width * 10) / 10}×${Math.round(height * 10) / 10} px`);
    }
  }
  return problems;
}
