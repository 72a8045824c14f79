import { describe, expect, test } from "vitest";
import { priorityBand, yearChoices, yearFromAddress } from "~/features/planning/constants";

describe("planning rules", () => {
  test("SPEC.md §9's priority bands: 1–3 Low, 4–7 Medium, 8–10 High", () => {
    expect(Array.from({ length: 10 }, (_, index) => priorityBand(index + 1).label)).toEqual([
      "Low",
      "Low",
      "Low",
      "Medium",
      "Medium",
      "Medium",
      "Medium",
      "High",
      "High",
      "High",
    ]);
  });

  test("a yearly page's ?year=: this year when absent, null when not a planning year", () => {
    const now = new Date("2031-06-01T12:00:00Z");
    expect(yearFromAddress(null, now)).toBe(2031);
    expect(yearFromAddress("", now)).toBe(2031);
    expect(yearFromAddress("2045", now)).toBe(2045);
    for (const bad of ["99999", "1999", "2101", "20x6", "2026.0", " 2026"]) expect(yearFromAddress(bad, now), bad).toBeNull();
  });

  test("the year selector offers years around this one, and the one shown", () => {
    expect(yearChoices(2026, 2026)).toEqual([2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036]);
    expect(yearChoices(2026, 2090)).toContain(2090);
    expect(yearChoices(2026, 2001)[0]).toBe(2001);
  });
});
