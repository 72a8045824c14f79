import { describe, expect, test } from "vitest";
import { checksOneField } from "~/ui/field-check";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("checksOneField: conform asking the server to check a field, not the form being sent", () => {
  test("a validate intent is a field's check", () => {
    expect(checksOneField(form({ title: "x", __intent__: JSON.stringify({ type: "validate", payload: { name: "title" } }) }))).toBe(true);
    expect(checksOneField(form({ __intent__: JSON.stringify({ type: "validate" }) }))).toBe(true);
  });

  test("the form itself, conform's other intents, a form's own intent field and broken values are not", () => {
    expect(checksOneField(undefined)).toBe(false);
    expect(checksOneField(form({ title: "x" }))).toBe(false);
    expect(checksOneField(form({ __intent__: JSON.stringify({ type: "insert", payload: { name: "items" } }) }))).toBe(false);
    expect(checksOneField(form({ __intent__: JSON.stringify({ type: "reset" }) }))).toBe(false);
    expect(checksOneField(form({ intent: "validate" }))).toBe(false);
    expect(checksOneField(form({ __intent__: "validate" }))).toBe(false);
    expect(checksOneField(form({ __intent__: "{not json" }))).toBe(false);
  });
});
