import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { LookingForHeading, questionLabel } from "~/features/social/question";

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

describe("the Looking for heading on a member's page", () => {
  const heading = (question: string | null) => renderToStaticMarkup(<LookingForHeading id="looking-for-heading" question={question} />);

  test("shows over a question that does not say it, and over none", () => {
    expect(heading("A partner for a bakery in Lyon?")).toBe('<h2 id="looking-for-heading">Looking for</h2>');
    expect(heading(null)).toBe('<h2 id="looking-for-heading">Looking for</h2>');
  });

  test("is for screen readers only over one that does", () => {
    expect(heading("Looking for a co-founder in logistics?")).toBe('<h2 id="looking-for-heading" class="visually-hidden">Looking for</h2>');
  });
});
