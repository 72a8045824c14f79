import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser } from "./browser";
import { useServerData } from "./tour-data";

/** Whether an occurrence in FullCalendar's grid shows its clock ("08:30", the first five
 * characters of its time) whole inside its box, which clips what does not fit. */
function clockShowsWhole(event: Locator) {
  return event.evaluate((element) => {
    const text = element.querySelector(".fc-event-time")?.firstChild;
    if (!text || (text.textContent ?? "").search(/^\d\d:\d\d/) !== 0) return false;
    const clock = document.createRange();
    clock.setStart(text, 0);
    clock.setEnd(text, 5);
    const [shown, box] = [clock.getBoundingClientRect(), element.getBoundingClientRect()];
    return shown.left >= box.left && shown.right <= box.right;
  });
}

/** Whether the page, loaded again as wide as the narrowest phones (320px), a common Android
 * (360px) and the tests' own (390px, where it is left), shows `event`'s clock whole each time.
 * Loaded again: FullCalendar sizes its grid anew some time after a window's resize. */
async function clockWholeOnPhones(page: Page, event: Locator) {
  const found: boolean[] = [];
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await event.waitFor();
    found.push(await clockShowsWhole(event));
  }
  return found;
}

const browser = useBrowser();

async function openDialog(page: Page, link: string, name: string) {
  await dismissToast(page);
  await page.getByRole("link", { name: link, exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await hydrated(page);
  return dialog;
}

async function confirm(page: Page, question: string, button: string) {
  const dialog = page.getByRole("dialog", { name: "Confirm!" }).filter({ hasText: question });
  await dialog.waitFor();
  await hydrated(page);
  expect(await dialog.textContent()).toContain(question);
  await dialog.getByRole("button", { name: button }).click();
}

/** `count` daily series of three days from `from`, at 10:00, 11:00 …, written into the e2e
 * server's database with the calendar's own function (faster than the form, the same rules). */
async function busyDays(email: string, count: number, from: string) {
  useServerData();
  const { memberIdByEmail } = await import("~/features/members/members.server");
  const { createTask } = await import("~/features/calendar/calendar.server");
  const { taskFields } = await import("../calendar-fixtures");
  const memberId = (await memberIdByEmail(email))!;
  for (let n = 0; n < count; n++) {
    const hour = String(10 + n).padStart(2, "0");
    await createTask(
      memberId,
      taskFields({ title: `Busy ${n + 1}`, start_date: from, occurrence_count: 3, start_time: `${hour}:00`, end_time: `${hour}:30` }),
      "UTC",
    );
  }
}

describe.each(modes)("calendar $name", ({ javaScript }) => {
  test("a member adds a repeating task, completes and cancels occurrences, edits and deletes the group, adds an appointment", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Cal Endar", email: uniqueEmail("calendar") });
    await followNav(page, "Calendar");
    await page.waitForURL(atPath("/user/calendar"));
    await hydrated(page);
    await page.getByRole("heading", { name: "Calendar", level: 1 }).waitFor();
    await page.getByText("Nothing planned for today.").waitFor();
    if (javaScript) await page.getByTestId("full-calendar").locator(".fc").waitFor();
    else expect(await page.getByTestId("full-calendar").count()).toBe(0);

    // The task form: without JS every part is shown and says when it applies.
    let dialog = await openDialog(page, "Add task", "Add task");
    expect(await dialog.getByText("(appointments only)").count()).toBe(javaScript ? 0 : 1);
    expect(await dialog.getByLabel("Place", { exact: true }).isVisible()).toBe(!javaScript);
    expect(await dialog.getByLabel("Start time").getAttribute("step")).toBe("300");
    // A task's category and repetition are named once each (no "Category" box under a "Category" heading).
    expect(await dialog.getByText(/^Category/).count()).toBe(1);
    expect(await dialog.getByText(/^Repeats/).count()).toBe(1);
    expect(await dialog.getByText("(tasks only)").count()).toBe(javaScript ? 0 : 4);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Add task" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Enter a title.");
    await dialog.getByLabel("Title", { exact: true }).fill("Daily stand-up");
    await dialog.getByLabel("Repeats").selectOption({ label: "Daily" });
    await dialog.getByLabel("After a number of times").check();
    await dialog.getByLabel("Occurrences").fill("3");
    await dialog.getByLabel("Priority").selectOption("8");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "has been added")).toContain("Daily stand-up has been added to your calendar.");
    await dialog.waitFor({ state: "detached" });
    const today = page.getByRole("region", { name: "Today's tasks" });
    await today.getByRole("link", { name: "Daily stand-up" }).waitFor();
    if (javaScript) {
      // FullCalendar is the calendar: the agenda it replaces, with its own Previous, Next and views, is hidden.
      await page.getByTestId("full-calendar").locator(".fc-event", { hasText: "Daily stand-up" }).first().waitFor();
      expect(await page.locator("section[aria-labelledby=agenda-heading]").isHidden()).toBe(true);
      expect(await page.getByRole("navigation", { name: "Calendar views" }).count()).toBe(0);
      // On a phone the month's seven narrow days show each occurrence's time whole ("08:30", not
      // "08:3"), its title left to screen readers.
      const standUp = page.getByTestId("full-calendar").locator(".fc-daygrid-event", { hasText: "Daily stand-up" }).first();
      expect(await clockWholeOnPhones(page, standUp)).toEqual([true, true, true]);
    } else expect(await page.getByRole("list", { name: "Agenda" }).getByRole("link", { name: "Daily stand-up" }).count()).toBeGreaterThanOrEqual(1);
    // Today's tasks come before the calendar (first on a phone; beside it on a wide screen).
    expect(await page.locator(".calendar-layout > *").first().getAttribute("class")).toContain("calendar-aside");

    // The task view: its occurrences; complete one, cancel another.
    dialog = await openDialog(page, "Daily stand-up", "Daily stand-up");
    const occurrences = dialog.getByRole("list", { name: "Occurrences" }).getByRole("listitem");
    expect(await occurrences.count()).toBe(3);
    await occurrences.nth(0).getByRole("link", { name: "Complete" }).click();
    await confirm(page, "Are you sure you want to mark this task complete?", "Yes, complete");
    expect(await toast(page, "Congratulations")).toContain("Congratulations, you have finished your task!");
    dialog = page.getByRole("dialog", { name: "Daily stand-up" });
    await dialog.getByRole("list", { name: "Occurrences" }).getByText("Completed").waitFor();
    await dismissToast(page);
    await dialog.getByRole("list", { name: "Occurrences" }).getByRole("listitem").nth(1).getByRole("link", { name: "Cancel" }).click();
    await confirm(page, "Are you sure you want to cancel this task?", "Yes, cancel it");
    await toast(page, "has been cancelled");
    dialog = page.getByRole("dialog", { name: "Daily stand-up" });
    await dialog.getByRole("list", { name: "Occurrences" }).getByText("Cancelled").waitFor();
    // SPEC.md §4: a cancelled occurrence is grey with struck-through text.
    const cancelledTime = dialog.locator(".occurrence--cancelled .occurrence-time");
    expect(await cancelledTime.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe("line-through");
    expect(await cancelledTime.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(95, 99, 104)");
    // Dates read as the app writes them ("Sun 6 Dec 2026, 09:00–09:30"), not "2026-12-06".
    expect(await cancelledTime.textContent()).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d–\d\d:\d\d$/);
    expect(await dialog.getByRole("list", { name: "Counts" }).textContent()).toContain("Completed: 1");

    // Edit the group.
    await dismissToast(page);
    await dialog.getByRole("link", { name: "Edit" }).click();
    dialog = page.getByRole("dialog", { name: "Edit task" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByLabel("Occurrences").inputValue()).toBe("3");
    await dialog.getByLabel("Title", { exact: true }).fill("Team stand-up");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    expect(await toast(page, "edited")).toContain("Task edited successfully.");
    dialog = page.getByRole("dialog", { name: "Team stand-up" });
    await dialog.waitFor();

    // Delete: a group with a completed occurrence asks twice.
    await dismissToast(page);
    await dialog.getByRole("link", { name: "Delete" }).click();
    await confirm(page, "Are you sure you want to delete this task?", "Yes, delete");
    await confirm(page, "There is 1 completed task in this task group. Do you still want to delete it?", "Yes, delete");
    expect(await toast(page, "deleted")).toContain("Team stand-up has been deleted from your calendar.");
    await page.waitForURL(atPath("/user/calendar"));
    await page.getByText("Nothing planned for today.").waitFor();

    // An appointment: category and repetition are not asked for with JS; place and person are.
    dialog = await openDialog(page, "Add appointment", "Add appointment");
    expect(await dialog.getByLabel("Repeats").isVisible()).toBe(!javaScript);
    await dialog.getByLabel("Title", { exact: true }).fill("Dentist");
    await dialog.getByLabel("Place", { exact: true }).fill("Harbour Clinic");
    // SPEC.md §4: an appointment is a moment; its end fields are hidden (with JS) and ignored.
    expect(await dialog.getByLabel("End time").isVisible()).toBe(!javaScript);
    await dialog.getByLabel("Start time").fill("23:50");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Dentist has been added");
    if (!javaScript) await page.getByRole("list", { name: "Agenda" }).getByText("Appointment · Harbour Clinic").waitFor();

    if (javaScript) {
      // FullCalendar shows it, coloured by status, and opens the task view on a click.
      const event = page.getByTestId("full-calendar").locator(".fc-event", { hasText: "Dentist" });
      await event.first().waitFor();
      expect(await event.first().getAttribute("class")).toMatch(/occurrence--(pending|missed)/);
      // On the 24-hour clock, its whole title on hover (a day of the month is narrow).
      expect(await event.first().locator(".fc-event-time").textContent()).toBe("23:50");
      expect(await event.first().getAttribute("title")).toBe("Dentist");
      await dismissToast(page);
      await event.first().click();
      await page.getByRole("dialog", { name: "Dentist" }).waitFor();

      // Its week's grid runs on to midnight to hold it.
      await page.goto("/user/calendar?view=week");
      const week = page.getByTestId("full-calendar");
      await week.locator(".fc-timegrid-event", { hasText: "Dentist" }).waitFor();
      const hours = (await week.locator(".fc-timegrid-slot-label").allTextContents()).filter(Boolean);
      expect([hours[0], hours.at(-1)]).toEqual(["07:00", "23:00"]);
      // The week's days, narrower still on a phone, show its clock whole too.
      expect(await clockWholeOnPhones(page, week.locator(".fc-timegrid-event", { hasText: "Dentist" }).first())).toEqual([true, true, true]);
    }
  });

  test("the task form's dialog is named for what it adds: Add appointment once an appointment is chosen, refused or not", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Cal Kind", email: uniqueEmail("calendar-kind") });
    await page.goto("/user/calendar/new");
    await page.getByRole("dialog", { name: "Add task" }).waitFor();
    await hydrated(page);
    if (javaScript) {
      await page.getByRole("dialog", { name: "Add task" }).getByLabel("Appointment", { exact: true }).check();
      await page.getByRole("dialog", { name: "Add appointment" }).waitFor();
      await page.goto("/user/calendar/new");
      await hydrated(page);
    }
    // The choice is sent: a form refused for a missing title comes back named for it (without JS too).
    await page.getByRole("dialog", { name: "Add task" }).getByLabel("Appointment", { exact: true }).check();
    await page
      .getByRole("dialog", { name: javaScript ? "Add appointment" : "Add task" })
      .getByRole("button", { name: "Save", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "Add appointment" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Enter a title.");
  });

  test("a busy day of the month shows its first five and links to the rest on its day", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("calendar-busy");
    await signUp(page, { name: "Cal Busy", email });
    await busyDays(email, 7, "2030-03-04");
    await page.goto("/user/calendar?view=month&date=2030-03-01");
    await hydrated(page);
    const agenda = page.getByRole("list", { name: "Agenda", includeHidden: true });
    const more = agenda.getByRole("link", { name: "+2 more on Monday 4 March 2030", includeHidden: true });
    await more.waitFor({ state: "attached" });
    expect(await agenda.getByRole("link", { name: /^\+2 more on /, includeHidden: true }).count()).toBe(3);
    expect(await agenda.locator("> li").first().locator(".occurrence").allTextContents()).toEqual(
      ["Busy 1", "Busy 2", "Busy 3", "Busy 4", "Busy 5"].map((title) => expect.stringContaining(title)),
    );
    if (javaScript) {
      const grid = page.getByTestId("full-calendar");
      const gridMore = grid.locator(".fc-more-occurrences");
      await gridMore.first().waitFor();
      expect(await gridMore.allTextContents()).toEqual(["+2 more", "+2 more", "+2 more"]);
      // The day's five occurrences come before its link.
      const firstDay = grid.locator('td[data-date="2030-03-04"] .fc-event');
      expect(await firstDay.count()).toBe(6);
      expect(await firstDay.last().textContent()).toBe("+2 more");
      await grid.getByRole("link", { name: "+2 more on Monday 4 March 2030" }).click();
    } else await more.click();
    await page.waitForURL((url) => url.searchParams.get("view") === "day" && url.searchParams.get("date") === "2030-03-04");
    await page
      .locator("#agenda-heading")
      .filter({ hasText: /^4 March 2030$/ })
      .waitFor({ state: "attached" });
    expect(await agenda.locator(".occurrence").count()).toBe(7);
    expect(await agenda.getByRole("link", { name: /more on/, includeHidden: true }).count()).toBe(0);
    if (javaScript)
      await page
        .getByTestId("full-calendar")
        .locator(".fc-toolbar-title", { hasText: /^4 March 2030$/ })
        .waitFor();
  });

  test("today's tasks open over the range the member is looking at, and close back to it without reading it again", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("calendar-back");
    await signUp(page, { name: "Cal Back", email });
    await busyDays(email, 1, new Date().toISOString().slice(0, 10));
    await page.goto("/user/calendar?view=week&date=2030-03-04");
    await hydrated(page);
    const heading = page.locator("#agenda-heading");
    await heading.filter({ hasText: "Week of 4 March 2030" }).waitFor({ state: "attached" });
    const asked: string[] = [];
    page.on("request", (request) => {
      const data = new URL(request.url()).searchParams.get("_data");
      if (data) asked.push(data);
    });

    await page.getByRole("region", { name: "Today's tasks" }).getByRole("link", { name: "Busy 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Busy 1" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await heading.textContent()).toBe("Week of 4 March 2030");
    if (javaScript) expect(asked).toEqual(["routes/user.calendar.tasks.$taskId"]);

    asked.length = 0;
    await dialog.getByRole("link", { name: "Close", exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === "/user/calendar" && url.searchParams.get("view") === "week" && url.searchParams.get("date") === "2030-03-04",
    );
    await dialog.waitFor({ state: "detached" });
    expect(await heading.textContent()).toBe("Week of 4 March 2030");
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
  });

  test("deleting today's occurrence asks whether it goes alone or with its series; alone, the series stays", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("calendar-delete-one");
    await signUp(page, { name: "Cal One", email });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    await busyDays(email, 1, today);
    await page.goto("/user/calendar");
    await hydrated(page);
    const todays = page.getByRole("region", { name: "Today's tasks" });
    await todays.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm!" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByRole("radio", { name: /^Only this occurrence/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "The whole series, with every occurrence" }).isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "Yes, delete" }).click();
    expect(await toast(page, "has been deleted")).toMatch(/Busy 1 on \d{1,2} \w{3} \d{4} has been deleted from your calendar\./);
    await todays.getByText("Nothing planned for today.").waitFor();
    // Tomorrow's occurrence is still there.
    await page.goto(`/user/calendar?view=day&date=${tomorrow}`);
    await page.getByRole("list", { name: "Agenda", includeHidden: true }).getByText("Busy 1").waitFor({ state: "attached" });
  });

  test("a member reads what each item is: the month's titles whole at 1280px, a day's list under the month and the week at 390px", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("calendar-titles");
    await signUp(page, { name: "Cal Titles", email });
    useServerData();
    const { memberIdByEmail } = await import("~/features/members/members.server");
    const { createTask } = await import("~/features/calendar/calendar.server");
    const { taskFields } = await import("../calendar-fixtures");
    const memberId = (await memberIdByEmail(email))!;
    await createTask(
      memberId,
      taskFields({
        title: "Warehouse inventory check",
        start_date: "2030-03-04",
        recurrence: "none",
        occurrence_count: null,
        start_time: "08:30",
        end_time: "09:00",
      }),
      "UTC",
    );
    await createTask(
      memberId,
      taskFields({
        title: "Weekly supplier call",
        start_date: "2030-03-06",
        recurrence: "none",
        occurrence_count: null,
        start_time: "10:00",
        end_time: "10:30",
      }),
      "UTC",
    );
    await page.goto("/user/calendar?view=month&date=2030-03-01");
    await hydrated(page);
    if (!javaScript) {
      // Without JS the agenda is the calendar, a title beside each time.
      const agenda = page.getByRole("list", { name: "Agenda" });
      await agenda.getByRole("link", { name: "Warehouse inventory check" }).waitFor();
      await agenda.getByRole("link", { name: "Weekly supplier call" }).waitFor();
      return;
    }
    const grid = page.getByTestId("full-calendar");
    // On a phone the month's days show times; the day's list under it names what they are.
    const list = page.getByRole("region", { name: "Monday 4 March 2030" });
    await grid.locator(".fc-daygrid-event").first().waitFor();
    await list.getByRole("link", { name: "Warehouse inventory check" }).waitFor();
    await grid.locator('td[data-date="2030-03-06"]').click({ position: { x: 5, y: 5 } });
    await page.getByRole("region", { name: "Wednesday 6 March 2030" }).getByRole("link", { name: "Weekly supplier call" }).waitFor();
    // The same under the week.
    await page.goto("/user/calendar?view=week&date=2030-03-04");
    await grid.locator(".fc-timegrid-event").first().waitFor();
    await page.getByRole("region", { name: "Monday 4 March 2030" }).getByRole("link", { name: "Warehouse inventory check" }).waitFor();

    // On a laptop the month's days show each title whole, and the list is not needed.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/user/calendar?view=month&date=2030-03-01");
    const title = grid.locator(".fc-daygrid-event", { hasText: "Warehouse" }).locator(".fc-event-title");
    await title.waitFor();
    expect(
      await title.evaluate(
        (element) =>
          element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= element.closest("td")!.getBoundingClientRect().right,
      ),
    ).toBe(true);
    expect(await page.locator(".calendar-day-list").isVisible()).toBe(false);
  });

  test("the calendar's views load nothing the page's security policy refuses (no console error)", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("calendar-console");
    await signUp(page, { name: "Cal Console", email });
    await busyDays(email, 7, new Date().toISOString().slice(0, 10));
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    for (const view of ["month", "week", "day"]) {
      await page.goto(`/user/calendar?view=${view}`);
      await hydrated(page);
      if (javaScript) await page.getByTestId("full-calendar").locator(".fc-event").first().waitFor();
    }
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
  });

  test("nothing in the calendar moves while it loads: FullCalendar takes the agenda's place in one frame (no layout shift)", async () => {
    const page = await browser.newPage({ javaScript });
    const email = uniqueEmail("calendar-shift");
    await signUp(page, { name: "Cal Shift", email });
    await busyDays(email, 4, new Date().toISOString().slice(0, 10));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/user/calendar");
      await hydrated(page);
      if (!javaScript) {
        // The agenda is the calendar, drawn by the server where it stays.
        await page.getByRole("list", { name: "Agenda" }).getByText("Busy 1").first().waitFor();
        continue;
      }
      await page.getByTestId("full-calendar").locator(".fc-event").first().waitFor();
      await page.waitForTimeout(300);
      // Chromium's layout shifts since the page started loading (what Lighthouse's CLS adds up)
      // of what the calendar draws; each shift's moved elements are named if it fails.
      const shifts = await page.evaluate(
        () =>
          new Promise<{ total: number; moved: string[] }>((resolve) => {
            const result = { total: 0, moved: [] as string[] };
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                const nodes = (entry.sources ?? []).map((source) => source.node).filter((node): node is Element => node instanceof Element);
                if (entry.hadRecentInput || !nodes.some((node) => node.closest(".calendar-layout"))) continue;
                result.total += entry.value;
                result.moved.push(...nodes.map((node) => node.outerHTML.slice(0, 120)));
              }
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(result), 100);
          }),
      );
      expect(shifts.total, `at ${width}px: ${shifts.moved.join(" | ")}`).toBe(0);
    }
  });

  test("the calendar moves by month, week and day: the agenda's links without JS, FullCalendar's buttons with it", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Cal Links", email: uniqueEmail("calendar-links") });
    await page.goto("/user/calendar?view=month&date=2026-02-10");
    await hydrated(page);
    const heading = page.locator("#agenda-heading");
    const shown = (date: string) => page.waitForURL((url) => url.searchParams.get("date") === date);
    if (!javaScript) {
      await heading.filter({ hasText: "February 2026" }).waitFor();
      await page.getByRole("link", { name: "Next →" }).click();
      await heading.filter({ hasText: "March 2026" }).waitFor();
      expect(new URL(page.url()).searchParams.get("date")).toBe("2026-03-01");
      await page.getByRole("navigation", { name: "Calendar views" }).getByRole("link", { name: "Week" }).click();
      await heading.filter({ hasText: "Week of 23 February 2026" }).waitFor();
      await page.getByRole("link", { name: "Next →" }).click();
      await heading.filter({ hasText: "Week of 2 March 2026" }).waitFor();
      await page.getByRole("navigation", { name: "Calendar views" }).getByRole("link", { name: "Day" }).click();
      await heading.filter({ hasText: /^2 March 2026$/ }).waitFor();
      return;
    }
    // FullCalendar writes dates and times as the rest of the page does: day before month, a
    // 24-hour clock; each range it moves to is the page's address, read from the server.
    const grid = page.getByTestId("full-calendar");
    const title = (text: string | RegExp) => grid.locator(".fc-toolbar-title", { hasText: text }).waitFor();
    await title("February 2026");
    await grid.getByRole("button", { name: "Next ›" }).click();
    await shown("2026-03-01");
    await title("March 2026");
    await heading.filter({ hasText: "March 2026" }).waitFor({ state: "attached" });
    await grid.getByRole("button", { name: "Week", exact: true }).click();
    await shown("2026-02-23");
    await title(/^23 Feb – 1 Mar 2026$/);
    await grid.getByRole("button", { name: "Next ›" }).click();
    await shown("2026-03-02");
    await title(/^2 – 8 Mar 2026$/);
    expect(await grid.locator(".fc-col-header-cell").allTextContents()).toEqual(["Mon 2", "Tue 3", "Wed 4", "Thu 5", "Fri 6", "Sat 7", "Sun 8"]);
    // An empty week opens on the working day, not on midnight.
    const hours = (await grid.locator(".fc-timegrid-slot-label").allTextContents()).filter(Boolean);
    expect([hours[0], hours.at(-1)]).toEqual(["07:00", "20:00"]);
    await grid.getByRole("button", { name: "Day", exact: true }).click();
    await title(/^2 March 2026$/);
    await heading.filter({ hasText: /^2 March 2026$/ }).waitFor({ state: "attached" });
    expect(new URL(page.url()).searchParams.get("view")).toBe("day");
  });
});

describe.each(modes)("calendar feed and alerts settings $name", ({ javaScript }) => {
  test("a member creates their calendar address, subscribes with it, resets it, and sets the alerts' lead time", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Feed Member", email: uniqueEmail("calendar-feed") });
    await page.goto("/user/settings/calendar");
    await hydrated(page);
    await page.getByText("You have no calendar address yet.").waitFor();
    await page.getByRole("button", { name: "Create my calendar address" }).click();
    const field = page.getByLabel("Your calendar address");
    await field.waitFor();
    const address = await field.inputValue();
    expect(address).toMatch(/\/calendar-feed\/[A-Za-z0-9_-]{32}\/calendar\.ics$/);
    if (javaScript) await page.getByRole("button", { name: "Copy" }).waitFor();
    const feed = await page.request.get(address);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    await page.getByRole("button", { name: "Reset the address" }).click();
    await page.waitForFunction((old) => (document.querySelector("#calendar-feed-address") as HTMLInputElement | null)?.value !== old, address);
    expect((await page.request.get(address)).status()).toBe(404);

    await page.getByLabel("Alert me").selectOption({ label: "1 hour before" });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "alerts")).toContain("Your calendar alerts are saved.");
    expect(await page.getByLabel("Alert me").inputValue()).toBe("60");
  });
});
