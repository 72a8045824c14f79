import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { admin, atPath, baseURL, hydrated, launchBrowser, modes, newContext, signInHome, submitSignIn } from "./browser";
import { seedTour, type TourData } from "./tour-data";
import { ancestorsOf, NOT_TOURED, pageRoutes, type Stop, TOUR, type Visitor } from "./tour-stops";
import { touchTargetProblems } from "./touch-targets";

// Every page and dialog (issue 14), signed in and out, with JavaScript on and off: at five
// widths nothing is wider than the window and a dialog's close link and actions are on the
// screen; axe finds no WCAG 2.0/2.1 A or AA problem (contrast included) and no best-practice one.
// On a phone every control a finger uses is at least 44 × 44 px (touch-targets.ts; links inside
// running text are exempt, as WCAG 2.5.5 exempts them).

const WIDTHS = [360, 390, 768, 1280, 1440];
/** The phone widths where every control must fit a finger. */
const TOUCH_WIDTHS = [360, 390];
/** The widths axe looks at: a phone and a laptop (the layout differs between them). */
const AXE_WIDTHS = [390, 1280];
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PAGES = pageRoutes();
const DIALOGS = new Set(PAGES.filter((page) => page.dialog).map((page) => page.name));

test("every page and dialog is on the tour, or left out for a reason", () => {
  const names = PAGES.map((page) => page.name);
  const toured = new Set(TOUR.flatMap((stop) => [stop.route, ...ancestorsOf(stop.route, names)]));
  const missing = names.filter((name) => !toured.has(name) && !(name in NOT_TOURED));
  expect(missing, "pages to add to TOUR in test/e2e/tour-stops.ts (or to NOT_TOURED with a reason)").toEqual([]);
  const unknown = [...TOUR.map((stop) => stop.route), ...Object.keys(NOT_TOURED)].filter((name) => !names.includes(name));
  expect(unknown, "tour stops naming no page route").toEqual([]);
});

/** Problems with the layout at the current width (runs in the page). */
function layoutProblems(): string[] {
  const root = document.documentElement;
  const limit = root.clientWidth;
  const problems: string[] = [];
  const describe = (element: Element) => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.body && parts.length < 6; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      if (node.id) part += `#${node.id}`;
      else if (typeof node.className === "string" && node.className.trim()) part += `.${node.className.trim().split(/\s+/).slice(0, 2).join(".")}`;
      parts.unshift(part);
    }
    return parts.join(" > ");
  };
  /**
   * Whether a box that scrolls or clips sideways holds the element in, so that it cannot widen
   * the page. Only the boxes along its containing blocks clip it: an absolutely positioned
   * element escapes a scrolling box that is not positioned (the way a visually hidden label in
   * a scrolling table still widens the page); a fixed one is never part of the page's width.
   */
  const heldIn = (element: Element) => {
    let position = getComputedStyle(element).position;
    for (let node: Element | null = element.parentElement; node && node !== document.body; node = node.parentElement) {
      if (position === "fixed") return true;
      const style = getComputedStyle(node);
      const containing = position !== "absolute" || style.position !== "static" || style.transform !== "none";
      if (!containing) continue;
      if (style.overflowX !== "visible") return true;
      position = style.position;
    }
    return position === "fixed";
  };
  const rightEdge = (element: Element) => element.getBoundingClientRect().right + window.scrollX;
  if (root.scrollWidth > limit) {
    const sticking = [...document.body.querySelectorAll("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.right + window.scrollX > limit + 0.5 && (box.width > 0 || box.height > 0) && !heldIn(element);
    });
    // The outermost elements that stick out: where the extra width starts.
    const first = sticking.filter((element) => !sticking.includes(element.parentElement as Element));
    const named = first.slice(0, 3).map((element) => `${describe(element)} (right edge ${Math.round(rightEdge(element))} px)`);
    problems.push(`the page is ${root.scrollWidth} px wide in a ${limit} px window; sticking out: ${named.join("; ") || "nothing found"}`);
  }
  // axe judges a text's contrast against what lies behind the middle of its box, so a heading
  // that runs half onto a picture or a coloured band (the home page's welcome on the cover)
  // passes it. Here each line of a heading in the window is probed at both ends and the
  // middle: under the text, the first thing painted must be a plain background, or a picture
  // of the heading's own box, not a neighbour's picture.
  const painted = (node: Element) => node.tagName === "IMG" || getComputedStyle(node).backgroundImage !== "none";
  const opaque = (node: Element) => !/^(transparent|rgba\(.*,\s*0\))$/.test(getComputedStyle(node).backgroundColor);
  for (const heading of document.querySelectorAll("h1, h2")) {
    const own = heading.getBoundingClientRect();
    if (own.width <= 1 || own.height <= 1) continue;
    const range = document.createRange();
    range.selectNodeContents(heading);
    const points = [...range.getClientRects()]
      .filter((line) => line.width > 8 && line.height > 0)
      .flatMap((line) => [line.left + 4, line.left + line.width / 2, line.right - 4].map((x) => [x, line.top + line.height / 2]));
    for (const [x, y] of points) {
      const stack = document.elementsFromPoint(x, y);
      if (!stack.length || !heading.contains(stack[0])) continue;
      const under = stack.find((node) => !heading.contains(node) && (painted(node) || opaque(node)));
      if (under && painted(under) && !under.contains(heading)) {
        problems.push(
          `the heading "${(heading.textContent ?? "").trim().slice(0, 40)}" runs onto ${describe(under)}, a picture or band that is not its background`,
        );
        break;
      }
    }
  }
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    const controls: [string, Element | null][] = [["close link", dialog.querySelector(".dialog-close")]];
    // Its actions: every submit button (a dialog may hold several forms) and the action row.
    for (const action of dialog.querySelectorAll('button[type="submit"], .dialog-actions a, .dialog-actions button')) {
      controls.push([`"${(action.textContent ?? "").trim()}" action`, action]);
    }
    for (const [what, control] of controls) {
      if (!control) {
        problems.push(`the dialog ${describe(dialog)} has no ${what}`);
        continue;
      }
      const box = control.getBoundingClientRect();
      if (box.left < 0 || box.right > limit) {
        problems.push(`the dialog's ${what} runs from ${Math.round(box.left)} to ${Math.round(box.right)} px in a ${limit} px window (${describe(control)})`);
      }
    }
  }
  return problems;
}

/** Whether the focused control shows a focus ring (runs in the page). */
function focusShown(): { key: number; name: string; shown: boolean } | null {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const ring = (node: Element | null) => {
    if (!node) return false;
    const style = getComputedStyle(node);
    return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
  };
  // A visually hidden input (a star, a switch) shows its focus on the element drawn for it.
  const box = element.getBoundingClientRect();
  const drawnBeside = box.width <= 1 || box.height <= 1 ? ring(element.nextElementSibling) || ring(element.closest("label")) : false;
  const label = element.getAttribute("aria-label") ?? (element.textContent ?? "").trim().slice(0, 40);
  const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/)[0]}` : ""} "${label}"`;
  return { key: [...document.querySelectorAll("*")].indexOf(element), name, shown: ring(element) || drawnBeside };
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/**
 * A context whose pages axe checks: the browser itself puts axe in each page it loads, which
 * spares sending axe's half a megabyte to the page at every stop.
 */
async function checkedContext(javaScript: boolean) {
  const context = await newContext(browser, { javaScript });
  if (javaScript) await context.addInitScript(AXE_SOURCE);
  return context;
}

/** What axe finds on a page of a checkedContext with JavaScript on (axe is a script). */
async function axeProblems(page: Page) {
  const violations: AxeViolation[] = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, AXE_TAGS);
  return violations.map(
    (violation) =>
      `axe ${violation.id} (${violation.impact}): ${violation.help}\n      ${violation.nodes
        .slice(0, 4)
        .map((node) => `${node.target.join(" ")}: ${(node.failureSummary ?? "").split("\n").slice(1, 2).join("").trim()}`)
        .join("\n      ")}${violation.nodes.length > 4 ? `\n      … and ${violation.nodes.length - 4} more` : ""}`,
  );
}

/**
 * Without JavaScript a page runs no script and no timer, so axe cannot run in it. It runs in a
 * mirror instead: a page with JavaScript on, the same cookies, the same address, showing the
 * very HTML the server sent with its scripts taken out, so that nothing hydrates.
 */
async function mirrorOf(page: Page) {
  const mirror = await (await checkedContext(true)).newPage();
  await mirror.context().addCookies(await page.context().cookies());
  let shown = { url: "", html: "" };
  await mirror.route(
    (url) => url.href === shown.url,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: shown.html }),
  );
  return async (url: string, html: string) => {
    shown = { url, html: html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link rel="modulepreload"[^>]*>/gi, "") };
    await mirror.goto(url);
    return mirror;
  };
}

let browser: Browser;
let data: TourData;

beforeAll(async () => {
  [browser, data] = await Promise.all([launchBrowser(), seedTour(baseURL)]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe.each(modes)("the tour $name", ({ javaScript }) => {
  const pages = new Map<Visitor, Promise<Page>>();
  const mirrors = new Map<Visitor, ReturnType<typeof mirrorOf>>();

  async function pageFor(visitor: Visitor) {
    if (!pages.has(visitor)) {
      pages.set(
        visitor,
        (async () => {
          const page = await (await checkedContext(javaScript)).newPage();
          if (visitor === "member") await signInHome(page, { email: data.amara.email, password: data.password });
          if (visitor === "admin") await signInHome(page, admin);
          if (visitor === "two-factor" || visitor === "halfway") {
            await submitSignIn(page, { email: data.twoFactor.email, password: data.password });
            await page.waitForURL(atPath("/signin/two-factor"));
          }
          if (visitor === "two-factor") {
            // A recovery code of its own for each run: each works once.
            await page.getByLabel("Code", { exact: true }).fill(data.twoFactor.recoveryCodes[javaScript ? 0 : 1]);
            await page.getByRole("button", { name: "Sign in", exact: true }).click();
            await page.waitForURL(atPath("/user"));
          }
          return page;
        })(),
      );
    }
    return pages.get(visitor)!;
  }

  afterAll(async () => {
    const open = [...pages.values(), ...[...mirrors.values()].map(async (show) => (await show)("about:blank", ""))];
    await Promise.all(open.map(async (page) => (await page).context().close()));
  });

  test("every control of the main pages shows where the keyboard focus is", async () => {
    const page = await pageFor("member");
    const paths = [
      "/user",
      "/user/timeline",
      "/user/contacts",
      `/user/profile?cicid=${data.contactId}`,
      "/user/contacts/add",
      "/user/events",
      `/user/events/${data.ownEventId}`,
      "/user/offers",
      "/user/membership",
      "/user/settings/profile",
      "/user/wish-list",
      "/user/big-tasks",
      `/user/businesses/${data.businessId}`,
      "/user/trainings",
      "/user/journal",
      "/user/net-worth",
      "/user/entrepreneurs",
      "/user/investors",
      "/user/connections",
    ];
    const unmarked = new Set<string>();
    for (const where of paths) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(where);
      await hydrated(page);
      const seen = new Set<number>();
      for (let stop = 0; stop < 80; stop++) {
        await page.keyboard.press("Tab");
        const focused = await page.locator("html").evaluate(focusShown);
        if (!focused) continue;
        if (seen.has(focused.key)) break;
        seen.add(focused.key);
        if (!focused.shown) unmarked.add(`${where}: ${focused.name}`);
      }
    }
    expect([...unmarked], "controls with no visible focus").toEqual([]);
  });

  test.each(TOUR.map((stop) => ({ ...stop, name: `${stop.as} ${stop.route} (${stop.status ?? 200})` })))("$name", async (stop: Stop) => {
    const page = await pageFor(stop.as);
    const where = stop.path(data);
    await page.setViewportSize({ width: WIDTHS[0], height: 844 });
    const response = await page.goto(where);
    await hydrated(page);
    expect(response?.status(), `${where} answered`).toBe(stop.status ?? 200);
    expect(new URL(page.url()).pathname, `${where} stayed where it was`).toBe(new URL(where, baseURL).pathname);
    if (DIALOGS.has(stop.route)) expect(await page.locator("dialog[open]").count(), `${where} shows its dialog`).toBeGreaterThan(0);

    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      for (const problem of await page.locator("html").evaluate(layoutProblems)) problems.push(`at ${width} px: ${problem}`);
      if (TOUCH_WIDTHS.includes(width)) {
        for (const problem of await page.locator("html").evaluate(touchTargetProblems)) problems.push(`at ${width} px, too small for a finger: ${problem}`);
      }
    }
    let checked = page;
    if (!javaScript) {
      if (!mirrors.has(stop.as)) mirrors.set(stop.as, mirrorOf(page));
      checked = await (await mirrors.get(stop.as)!)(page.url(), (await response?.text()) ?? "");
    }
    for (const width of AXE_WIDTHS) {
      await checked.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      for (const problem of await axeProblems(checked)) problems.push(`at ${width} px: ${problem}`);
    }
    expect(problems, `${where}:\n  ${problems.join("\n  ")}\n`).toEqual([]);
  });
});
