import { describe, expect, test } from "vitest";
import { questionLabel } from "~/features/social/question";

describe("the label before a member's Looking for question", () => {
  test("'Looking for:' before a question that does not say it", () => {
    expect(questionLabel("A partner for a bakery in Lyon?")).toBe("Looking for:");
    expect(questionLabel("Lookingforward to meeting investors")).toBe("Looking for:");
  });

  test("none before one that does, whatever its case", () => {
    expect(questionLabel("Looking for seed-stage climate companies?")).toBeNull();
    expect(questionLabel("  looking  for a co-founder in logistics?")).toBeNull();
  });
});
