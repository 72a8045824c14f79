import { describe, expect, test } from "vitest";
import { gridHours } from "~/features/calendar/grid-hours";

const at = (start: string, end: string) => ({ start, end });

describe("the hours a week's or a day's grid shows", () => {
  test("the working day when nothing is planned outside it", () => {
    expect(gridHours([])).toEqual({ slotMinTime: "07:00:00", slotMaxTime: "21:00:00" });
    expect(gridHours([at("2026-03-02T07:00", "2026-03-02T21:00"), at("2026-03-03T12:00", "2026-03-03T13:30")])).toEqual({
      slotMinTime: "07:00:00",
      slotMaxTime: "21:00:00",
    });
  });

  test("widened by whole hours to hold an early or a late occurrence", () => {
    expect(gridHours([at("2026-03-02T06:30", "2026-03-02T06:45")])).toEqual({ slotMinTime: "06:00:00", slotMaxTime: "21:00:00" });
    expect(gridHours([at("2026-03-04T21:00", "2026-03-04T21:01")])).toEqual({ slotMinTime: "07:00:00", slotMaxTime: "22:00:00" });
    expect(gridHours([at("2026-03-02T05:00", "2026-03-02T05:30"), at("2026-03-05T23:50", "2026-03-05T23:55")])).toEqual({
      slotMinTime: "05:00:00",
      slotMaxTime: "24:00:00",
    });
  });

  test("an occurrence that runs past midnight shows the whole of both its days", () => {
    expect(gridHours([at("2026-03-02T23:30", "2026-03-03T00:30")])).toEqual({ slotMinTime: "00:00:00", slotMaxTime: "24:00:00" });
    // Ending on the stroke of midnight, nothing of it falls on the next day.
    expect(gridHours([at("2026-03-02T22:00", "2026-03-03T00:00")])).toEqual({ slotMinTime: "07:00:00", slotMaxTime: "24:00:00" });
  });
});
