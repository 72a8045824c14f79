import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { describe, expect, test } from "vitest";
import { onlyQueryChanged } from "~/ui/revalidation";

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
