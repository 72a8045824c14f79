import { describe, expect, test } from "vitest";
import { TaskFormSchema } from "~/features/calendar/schema";
import { ContactSchema } from "~/features/contacts/schema";
import { constraintOf } from "~/lib/constraint.server";
import { parseWithZod } from "~/lib/parse-form.server";

// A field marked `required` is announced so by screen readers and blocks the browser's submit:
// optional fields must not carry it.
describe("optional fields are not marked required", () => {
  test('the task form\'s "Alert me before it starts", still read as on or off', () => {
    expect(constraintOf(TaskFormSchema).alert?.required ?? false).toBe(false);
    const form = (alert?: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ title: "Call", start_date: "2026-12-07", start_time: "09:00", end_time: "09:30", priority: "5" }))
        data.set(name, value);
      if (alert !== undefined) data.set("alert", alert);
      const submission = parseWithZod(data, { schema: TaskFormSchema });
      return submission.status === "success" ? submission.value.alert : submission.error;
    };
    expect(form("1")).toBe(1);
    expect(form()).toBe(0);
  });

  test("the contact form's e-mail", () => {
    expect(constraintOf(ContactSchema).email?.required ?? false).toBe(false);
  });
});
