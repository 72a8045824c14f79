import { describe, expect, test } from "vitest";
import { createBigTask } from "~/features/planning/big-task.server";
import { createWishListItem } from "~/features/planning/wish-list.server";
import { loader as home } from "~/routes/home/user._index";
import { createSignedInMember, getRequest, routeArgs, settle } from "./helpers";

const YEAR = new Date().getUTCFullYear();

function wish(memberId: number, title: string, fields: { status?: "open" | "in_progress" | "achieved" | "dropped"; target_year?: number } = {}) {
  return createWishListItem(memberId, { title, type: "do", target_year: YEAR, target_date: null, cost: null, notes: null, status: "open", ...fields }, null);
}

function task(memberId: number, title: string, priority: number, fields: { status?: "pending" | "in_progress" | "done" | "dropped"; year?: number } = {}) {
  return createBigTask(memberId, { title, description: null, priority, year: YEAR, due_date: null, status: "pending", ...fields });
}

describe("home page's Planning card", () => {
  test("shows this year's open wishes and big tasks of the member, the most important task first", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await wish(member.id, "Learn to sail");
    await wish(member.id, "Write a book", { status: "in_progress" });
    await wish(member.id, "Run a marathon", { status: "achieved" });
    await wish(member.id, "See Patagonia", { target_year: YEAR + 1 });
    await wish(other.id, "Someone else's wish");
    await task(member.id, "Tidy the books", 2);
    await task(member.id, "Open an office", 9, { status: "in_progress" });
    await task(member.id, "Old plan", 5, { status: "dropped" });
    await task(member.id, "Next year", 10, { year: YEAR + 1 });
    await task(other.id, "Someone else's task", 10);

    const response = await settle(() => home(routeArgs(getRequest("/user", member.cookie))));
    const { planning } = (await response.json()) as { planning: { year: number; wishes: { title: string }[]; tasks: { title: string }[] } };
    expect(planning.year).toBe(YEAR);
    expect(planning.wishes.map((each) => each.title)).toEqual(["Learn to sail", "Write a book"]);
    expect(planning.tasks.map((each) => each.title)).toEqual(["Open an office", "Tidy the books"]);
  });
});
