// Imported by FullCalendarView before FullCalendar itself, whose first module adds its styles
// as soon as it runs. Its export is used there: package.json declares no side effects, and a
// bare import would be left out of the bundle.

/** FullCalendar adds its CSS rule by rule to a `<style data-fullcalendar>` it creates, or finds.
 * Given one here first, whose sheet leaves out its icon font: a `data:` URL the page's font-src
 * refuses (an error in the console as soon as the rule is added), for icons its buttons, words
 * here, never show. */
function styleWithoutIconFont() {
  if (typeof document === "undefined" || document.querySelector("style[data-fullcalendar]")) return false;
  const style = document.createElement("style");
  style.setAttribute("data-fullcalendar", "");
  style.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  document.head.insertBefore(style, document.head.querySelector("script,link[rel=stylesheet],link[as=style],style"));
  const sheet = style.sheet;
  if (!sheet) return false;
  const insertRule = sheet.insertRule.bind(sheet);
  // FullCalendar appends at the indexes it counted, one more than there are past a rule left out.
  sheet.insertRule = (rule, index) =>
    /^@font-face\s*\{[^}]*fcicons/.test(rule) ? sheet.cssRules.length : insertRule(rule, Math.min(index ?? 0, sheet.cssRules.length));
  return true;
}

export const iconFontLeftOut = styleWithoutIconFont();
