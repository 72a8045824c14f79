import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { describe, expect, test } from "vitest";
import { calendarQuery } from "~/features/calendar/range";
import { contactListQuery } from "~/features/contacts/list-query";
import { betweenPageAndDialog, onlyQueryChanged, queryStays, shellDataStays, withinPage } from "~/ui/revalidation";

function args(from: string, to: string, formMethod?: string): ShouldRevalidateFunctionArgs {
  const origin = "http://chapter.test";
  return {
    currentUrl: new URL(from, origin),
    nextUrl: new URL(to, origin),
    currentParams: {},
    nextParams: {},
    formMethod: formMethod as ShouldRevalidateFunctionArgs["formMethod"],
    defaultShouldRevalidate: true,
  };
}

describe("onlyQueryChanged: a navigation the shell's loaders need not answer again", () => {
  test("a search, a filter or a list's next page on the same page, followed or sent as a GET form", () => {
    expect(onlyQueryChanged(args("/user/contacts", "/user/contacts?q=ana"))).toBe(true);
    expect(onlyQueryChanged(args("/user/contacts?q=an", "/user/contacts?q=ana", "GET"))).toBe(true);
    expect(onlyQueryChanged(args("/user/contacts?q=ana", "/user/contacts", "get"))).toBe(true);
  });

  test("not another page, not a form that changes something, not the same address asked again", () => {
    expect(onlyQueryChanged(args("/user/contacts", "/user/timeline"))).toBe(false);
    expect(onlyQueryChanged(args("/user/contacts?q=a", "/user/contacts/add?q=a"))).toBe(false);
    expect(onlyQueryChanged(args("/user/contacts", "/user/contacts?q=ana", "POST"))).toBe(false);
    expect(onlyQueryChanged(args("/user/contacts?q=a", "/user/contacts?q=b", "DELETE"))).toBe(false);
    expect(onlyQueryChanged(args("/user/contacts?q=ana", "/user/contacts?q=ana"))).toBe(false);
  });
});

describe("betweenPageAndDialog: a dialog opened over the page it names in ?back=, or closed back to it", () => {
  const back = (list: string) => `/user/contacts/7/invite?back=${encodeURIComponent(list)}`;
  test("opening and closing, the list's query kept", () => {
    expect(betweenPageAndDialog(args("/user/contacts?q=ana", back("/user/contacts?q=ana")))).toBe(true);
    expect(betweenPageAndDialog(args(back("/user/contacts?q=ana"), "/user/contacts?q=ana"))).toBe(true);
    expect(shellDataStays(args("/user/contacts", back("/user/contacts")))).toBe(true);
  });

  test("not a dialog back to another page, not one without ?back=, not a form sent", () => {
    expect(betweenPageAndDialog(args("/user/contacts?q=bo", back("/user/contacts?q=ana")))).toBe(false);
    expect(betweenPageAndDialog(args("/user/contacts", "/user/contacts/add"))).toBe(false);
    expect(betweenPageAndDialog(args(back("/user/contacts"), "/user/contacts", "POST"))).toBe(false);
    expect(shellDataStays(args("/user", "/user/contacts"))).toBe(false);
  });
});

describe("withinPage: a dialog opened by a page's button (a route nested in the page), or closed back to it", () => {
  test("opening and closing, a tab of a page", () => {
    expect(withinPage(args("/user/timeline", "/user/timeline/post/new"))).toBe(true);
    expect(withinPage(args("/user/timeline/post/new", "/user/timeline"))).toBe(true);
    expect(withinPage(args("/user/contacts?q=ana", "/user/contacts/add"))).toBe(true);
    expect(withinPage(args("/user/admin", "/user/admin/members"))).toBe(true);
    expect(shellDataStays(args("/user/calendar", "/user/calendar/new"))).toBe(true);
  });

  test("not another page, not the member area's home to an area, not a form sent, not a look-alike address", () => {
    expect(withinPage(args("/user/timeline", "/user/contacts/add"))).toBe(false);
    expect(withinPage(args("/user", "/user/contacts"))).toBe(false);
    expect(withinPage(args("/user/contacts", "/user"))).toBe(false);
    expect(withinPage(args("/user/timeline/post/new", "/user/timeline", "POST"))).toBe(false);
    expect(withinPage(args("/user/event", "/user/events/new"))).toBe(false);
    expect(withinPage(args("/user/contacts", "/user/contacts"))).toBe(false);
  });
});

describe("contactListQuery: the list's own query, behind a dialog too", () => {
  const query = (address: string) => String(contactListQuery(new URL(address, "http://chapter.test")));
  test("the list's search, or the search of the list a dialog was opened from", () => {
    expect(query("/user/contacts?q=ana&page=2")).toBe("q=ana&page=2");
    expect(query(`/user/contacts/7/invite?back=${encodeURIComponent("/user/contacts?q=ana&sort=recent")}`)).toBe("q=ana&sort=recent");
    // A dialog opened from a dialog: the edit dialog's image deletion goes back to the edit dialog.
    const edit = `/user/contacts/edit/7?back=${encodeURIComponent("/user/contacts?q=ana")}`;
    expect(query(`/user/contacts/7/delete-profile-image?back=${encodeURIComponent(edit)}`)).toBe("q=ana");
  });

  test("nothing for a dialog without ?back=, back to another page, or to another site", () => {
    expect(query("/user/contacts/add?q=ana")).toBe("");
    expect(query(`/user/contacts/7/invite?back=${encodeURIComponent("/user/timeline?q=ana")}`)).toBe("");
    expect(query(`/user/contacts/7/invite?back=${encodeURIComponent("//evil.test/user/contacts?q=ana")}`)).toBe("");
    expect(query(`/user/contacts/7/invite?back=${encodeURIComponent("https://evil.test/user/contacts?q=ana")}`)).toBe("");
  });
});

describe("queryStays: a route's own query unchanged by a navigation", () => {
  test("a dialog opened over the found list and closed keeps the list's query; a new search or a form sent does not", () => {
    const dialog = `/user/contacts/7/invite?back=${encodeURIComponent("/user/contacts?q=ana")}`;
    expect(queryStays(args("/user/contacts?q=ana", dialog), contactListQuery)).toBe(true);
    expect(queryStays(args(dialog, "/user/contacts?q=ana"), contactListQuery)).toBe(true);
    expect(queryStays(args("/user/contacts?q=ana", "/user/contacts?q=bo"), contactListQuery)).toBe(false);
    expect(queryStays(args(dialog, "/user/contacts?q=ana", "POST"), contactListQuery)).toBe(false);
    expect(queryStays(args("/user/contacts?q=ana", "/user/contacts?q=ana"), contactListQuery)).toBe(false);
  });
});

describe("calendarQuery: the calendar's range, behind a dialog too", () => {
  const query = (address: string) => String(calendarQuery(new URL(address, "http://chapter.test")));
  const week = "/user/calendar?view=week&date=2030-03-04";
  test("its own view and date, or those of the page a dialog goes back to, through a task's page", () => {
    expect(query(week)).toBe("view=week&date=2030-03-04");
    expect(query("/user/calendar/tasks/5?date=2030-03-04&view=day&other=1")).toBe("view=day&date=2030-03-04");
    const taskPage = `/user/calendar/tasks/5?back=${encodeURIComponent(week)}`;
    expect(query(taskPage)).toBe("view=week&date=2030-03-04");
    expect(query(`/user/calendar/occurrences/5-2030-03-04/complete?back=${encodeURIComponent(taskPage)}`)).toBe("view=week&date=2030-03-04");
  });

  test("nothing (the default range) for a dialog from another page, without ?back=, or back to another site", () => {
    expect(query("/user/calendar")).toBe("");
    expect(query("/user/calendar/tasks/5?back=%2Fuser")).toBe("");
    expect(query(`/user/calendar/tasks/5?back=${encodeURIComponent(`//evil.example${week}`)}`)).toBe("");
  });

  test("the calendar keeps its data when a dialog opens over it and closes, not when a change is saved or the range changes", () => {
    const dialog = `/user/calendar/tasks/5?back=${encodeURIComponent(week)}`;
    expect(queryStays(args(week, dialog), calendarQuery)).toBe(true);
    expect(queryStays(args(dialog, week), calendarQuery)).toBe(true);
    expect(queryStays(args(week, "/user/calendar/tasks/5?view=week&date=2030-03-04"), calendarQuery)).toBe(true);
    expect(queryStays(args(dialog, week, "POST"), calendarQuery)).toBe(false);
    expect(queryStays(args(week, "/user/calendar?view=week&date=2030-03-11"), calendarQuery)).toBe(false);
    expect(queryStays(args("/user/calendar", `/user/calendar/tasks/5?back=${encodeURIComponent(week)}`), calendarQuery)).toBe(false);
  });
});
