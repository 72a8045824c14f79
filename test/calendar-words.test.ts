import { describe, expect, test } from "vitest";
import { CANCEL_QUESTION, COMPLETE_QUESTION, COMPLETED_MESSAGE, deleteAgainQuestion, EDITED_MESSAGE } from "~/features/calendar/constants";
import { EMPTY_JOURNAL, savedMessage } from "~/features/journal/dates";

describe("the calendar's and the journal's words (SPEC.md, Wording)", () => {
  test("read as careful English, keeping their meaning", () => {
    expect(COMPLETE_QUESTION).toBe("Are you sure you want to mark this task complete?");
    expect(COMPLETED_MESSAGE).toBe("Congratulations, you have finished your task!");
    expect(CANCEL_QUESTION).toBe("Are you sure you want to cancel this task?");
    expect(EDITED_MESSAGE).toBe("Task edited successfully.");
    expect(EMPTY_JOURNAL).toBe("Start writing a new journal…");
  });

  test("the second question before deleting a group counts its completed tasks in the right number", () => {
    expect(deleteAgainQuestion(1)).toBe("There is 1 completed task in this task group. Do you still want to delete it?");
    expect(deleteAgainQuestion(3)).toBe("There are 3 completed tasks in this task group. Do you still want to delete it?");
  });

  test("the journal's notice writes its date as the app writes dates", () => {
    expect(savedMessage("2026-12-06")).toBe("Journal saved under the date 6 Dec 2026");
  });
});
