import { describe, expect, test } from "vitest";
import { RRule } from "rrule";
import { groupSummary, occurrenceDates, occurrencesOf, occurrenceStatus, ruleOptions, rruleText, type Series } from "~/features/calendar/recurrence.server";

function series(overrides: Partial<Series>): Series {
  return {
    recurrence: "none",
    weekdays: null,
    month_day: null,
    month_nth: null,
    month_weekday: null,
    year_month: null,
    year_day: null,
    start_date: "2026-01-05",
    start_time: "09:00",
    end_time: "10:00",
    until_date: null,
    occurrence_count: null,
    time_zone: "UTC",
    ...overrides,
  };
}

describe("recurrence rules", () => {
  test("a task that does not repeat happens on its start date only", () => {
    const once = series({ start_date: "2026-03-10" });
    expect(occurrenceDates(once, "2026-03-01", "2026-03-31")).toEqual(["2026-03-10"]);
    expect(occurrenceDates(once, "2026-03-11", "2026-12-31")).toEqual([]);
    expect(rruleText(once)).toBeNull();
  });

  test("daily, until a date (inclusive) or for a number of occurrences", () => {
    const daily = series({ recurrence: "daily", start_date: "2026-01-30", until_date: "2026-02-02" });
    expect(occurrenceDates(daily, "2026-01-01", "2026-12-31")).toEqual(["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]);
    const counted = series({ recurrence: "daily", start_date: "2026-01-30", occurrence_count: 3 });
    expect(occurrenceDates(counted, "2026-01-01", "2026-12-31")).toEqual(["2026-01-30", "2026-01-31", "2026-02-01"]);
    // Open-ended: only the range asked is expanded.
    const open = series({ recurrence: "daily", start_date: "2020-01-01" });
    expect(occurrenceDates(open, "2026-11-27", "2026-11-28")).toEqual(["2026-11-27", "2026-11-28"]);
  });

  test("weekly and biweekly on the chosen weekdays; the start's weekday when none is chosen", () => {
    const weekly = series({ recurrence: "weekly", weekdays: "MO,TH", start_date: "2026-01-05" });
    expect(occurrenceDates(weekly, "2026-01-01", "2026-01-18")).toEqual(["2026-01-05", "2026-01-08", "2026-01-12", "2026-01-15"]);
    const biweekly = series({ recurrence: "biweekly", weekdays: "MO", start_date: "2026-01-05" });
    expect(occurrenceDates(biweekly, "2026-01-01", "2026-02-10")).toEqual(["2026-01-05", "2026-01-19", "2026-02-02"]);
    const plain = series({ recurrence: "weekly", start_date: "2026-01-07" });
    expect(occurrenceDates(plain, "2026-01-01", "2026-01-21")).toEqual(["2026-01-07", "2026-01-14", "2026-01-21"]);
    expect(rruleText(biweekly)).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;WKST=MO");
  });

  test("monthly on day 31 skips shorter months; on the last day it takes each month's end", () => {
    const day31 = series({ recurrence: "monthly", month_day: 31, start_date: "2026-01-31" });
    expect(occurrenceDates(day31, "2026-01-01", "2026-06-30")).toEqual(["2026-01-31", "2026-03-31", "2026-05-31"]);
    const last = series({ recurrence: "monthly", month_day: -1, start_date: "2024-01-31" });
    expect(occurrenceDates(last, "2024-01-01", "2024-04-30")).toEqual(["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"]);
  });

  test("monthly on the nth weekday: a month without a fifth Monday has none; the last Friday", () => {
    const fifthMonday = series({ recurrence: "monthly", month_nth: 5, month_weekday: "MO", start_date: "2026-01-01" });
    // 2026: fifth Mondays fall in March, June, August, November.
    expect(occurrenceDates(fifthMonday, "2026-01-01", "2026-12-31")).toEqual(["2026-03-30", "2026-06-29", "2026-08-31", "2026-11-30"]);
    const lastFriday = series({ recurrence: "monthly", month_nth: -1, month_weekday: "FR", start_date: "2026-01-01" });
    expect(occurrenceDates(lastFriday, "2026-01-01", "2026-03-31")).toEqual(["2026-01-30", "2026-02-27", "2026-03-27"]);
    expect(rruleText(fifthMonday)).toBe("FREQ=MONTHLY;BYDAY=+5MO");
  });

  test("yearly on a month and day; 29 February only in leap years", () => {
    const yearly = series({ recurrence: "yearly", year_month: 7, year_day: 4, start_date: "2026-01-01" });
    expect(occurrenceDates(yearly, "2026-01-01", "2028-12-31")).toEqual(["2026-07-04", "2027-07-04", "2028-07-04"]);
    const leap = series({ recurrence: "yearly", year_month: 2, year_day: 29, start_date: "2024-02-29" });
    expect(occurrenceDates(leap, "2024-01-01", "2032-12-31")).toEqual(["2024-02-29", "2028-02-29", "2032-02-29"]);
  });

  test("a weekly 09:00 stays at 09:00 local across a daylight-saving change", () => {
    const berlin = series({ recurrence: "weekly", weekdays: "MO", start_date: "2026-03-16", time_zone: "Europe/Berlin" });
    const [before, after] = occurrencesOf(berlin, "2026-03-23", "2026-03-30", new Map(), new Date("2026-01-01T00:00:00Z"));
    expect([before.start, after.start]).toEqual(["2026-03-23T09:00", "2026-03-30T09:00"]);
    expect(before.startsAt).toBe("2026-03-23T08:00:00.000Z");
    expect(after.startsAt).toBe("2026-03-30T07:00:00.000Z");
    const newYork = series({ recurrence: "weekly", weekdays: "SU", start_date: "2026-10-25", time_zone: "America/New_York" });
    expect(occurrencesOf(newYork, "2026-10-25", "2026-11-01", new Map(), new Date(0)).map((o) => o.startsAt)).toEqual([
      "2026-10-25T13:00:00.000Z",
      "2026-11-01T14:00:00.000Z",
    ]);
  });

  test("a range far from an uncounted series' start gives the occurrences a walk from its start gives", () => {
    const far = (overrides: Partial<Series>, from: string, to: string) => {
      const shape = series(overrides);
      const walked = occurrenceDates(shape, shape.start_date, to).filter((date) => date >= from);
      expect(occurrenceDates(shape, from, to)).toEqual(walked);
      return walked;
    };
    expect(far({ recurrence: "biweekly", weekdays: "MO,TH", start_date: "2026-01-05" }, "2026-03-01", "2026-03-31")).toEqual([
      "2026-03-02",
      "2026-03-05",
      "2026-03-16",
      "2026-03-19",
      "2026-03-30",
    ]);
    expect(far({ recurrence: "biweekly", start_date: "2026-01-07" }, "2026-03-10", "2026-03-31")).toEqual(["2026-03-18"]);
    expect(far({ recurrence: "weekly", start_date: "2026-01-07", until_date: "2026-03-04" }, "2026-03-01", "2026-03-10")).toEqual(["2026-03-04"]);
    expect(far({ recurrence: "monthly", month_nth: 5, month_weekday: "MO", start_date: "2026-01-01" }, "2026-11-15", "2026-12-31")).toEqual(["2026-11-30"]);
    expect(far({ recurrence: "monthly", month_day: 31, start_date: "2026-01-31" }, "2026-04-01", "2026-08-31")).toEqual([
      "2026-05-31",
      "2026-07-31",
      "2026-08-31",
    ]);
    expect(far({ recurrence: "yearly", year_month: 2, year_day: 29, start_date: "2024-02-29" }, "2027-06-01", "2032-12-31")).toEqual([
      "2028-02-29",
      "2032-02-29",
    ]);
    expect(far({ recurrence: "daily", start_date: "2022-01-01", start_time: "23:55", end_time: "23:59" }, "2026-03-28", "2026-03-30")).toEqual([
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
    ]);
  });

  test("the feed's UNTIL is the end of the last day on the member's clock", () => {
    const until = series({ recurrence: "daily", until_date: "2026-07-01", time_zone: "Europe/Berlin" });
    expect(rruleText(until)).toBe("UNTIL=20260701T215900Z;FREQ=DAILY");
  });
});

describe("dates found the quick ways", () => {
  // Daily and weekly series are counted without rrule, and counted monthly and yearly ones read up
  // to their last date: both compared with rrule walking each series from its start, over a fixed
  // pseudo-random walk (the same cases every run) of starts, weekdays, ends and ranges.
  function* cases() {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
    const shapes: Partial<Series>[] = [
      { recurrence: "daily" },
      { recurrence: "weekly" },
      { recurrence: "biweekly" },
      { recurrence: "monthly" },
      { recurrence: "monthly", month_day: 31 },
      { recurrence: "monthly", month_day: -1 },
      { recurrence: "monthly", month_nth: 2, month_weekday: "SU" },
      { recurrence: "monthly", month_nth: -1, month_weekday: "FR" },
      { recurrence: "monthly", month_nth: 5, month_weekday: "MO" },
      { recurrence: "yearly", year_month: 2, year_day: 29 },
      { recurrence: "yearly" },
    ];
    for (let n = 0; n < 800; n++) {
      const shape = shapes[n % shapes.length];
      const start = next(900);
      const weekdays = shape.recurrence?.endsWith("weekly") && next(3) > 0 ? codes.filter(() => next(3) === 0).join(",") || null : null;
      const end = next(3);
      const from = start - 60 + next(shape.recurrence === "yearly" ? 3000 : 400);
      yield {
        series: series({
          ...shape,
          weekdays,
          start_date: day(start),
          until_date: end === 1 ? day(start + next(300)) : null,
          occurrence_count: end === 2 ? 1 + next(40) : null,
        }),
        from: day(from),
        to: day(from + next(shape.recurrence === "yearly" ? 2000 : 120)),
      };
    }
  }
  const walked = (one: Series, from: string, to: string) => {
    const floating = (date: string, time: string) => new Date(`${date}T${time}:00Z`);
    return new RRule(ruleOptions(one)!).between(floating(from, "00:00"), floating(to, "23:59"), true).map((date) => date.toISOString().slice(0, 10));
  };

  test("give what rrule gives walking each series from its start (800 series and ranges)", () => {
    let compared = 0;
    for (const { series: one, from, to } of cases()) {
      const expected = walked(one, from, to);
      expect(occurrenceDates(one, from, to), JSON.stringify({ one, from, to })).toEqual(expected);
      // Asked again: the counted series' last dates are kept.
      expect(occurrenceDates(one, from, to)).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(3000);
  });
});

describe("statuses and counts", () => {
  test("missed once ended and not completed; completed and cancelled as marked", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(occurrenceStatus(undefined, "2026-11-27T11:59:00.000Z", now)).toBe("missed");
    expect(occurrenceStatus(undefined, "2026-11-27T12:01:00.000Z", now)).toBe("pending");
    expect(occurrenceStatus("completed", "2026-11-20T10:00:00.000Z", now)).toBe("completed");
    expect(occurrenceStatus("cancelled", "2026-11-20T10:00:00.000Z", now)).toBe("cancelled");
  });

  test("a group's counts and lists: completed, pending and due; cancelled in none", () => {
    const daily = series({ recurrence: "daily", start_date: "2026-11-23", occurrence_count: 7 });
    const marks = new Map([
      ["2026-11-23", "completed" as const],
      ["2026-11-24", "cancelled" as const],
      ["2026-11-29", "completed" as const],
    ]);
    const occurrences = occurrencesOf(daily, "2026-11-01", "2026-12-31", marks, new Date("2026-11-27T09:30:00Z"));
    expect(occurrences.map((o) => [o.date, o.code, o.isVisible])).toEqual([
      ["2026-11-23", 1, 0],
      ["2026-11-24", 3, 1],
      ["2026-11-25", 2, 0],
      ["2026-11-26", 2, 0],
      ["2026-11-27", 0, 0],
      ["2026-11-28", 0, 0],
      ["2026-11-29", 1, 0],
    ]);
    const summary = groupSummary(occurrences);
    expect([summary.CompleteTaskCount, summary.PendingTaskCount, summary.DueTaskCount]).toEqual([2, 2, 2]);
    expect(summary.due).toEqual([
      { start_date: "2026-11-25T09:00", end_date: "2026-11-25T10:00" },
      { start_date: "2026-11-26T09:00", end_date: "2026-11-26T10:00" },
    ]);
  });
});
