import { describe, expect, test } from "vitest";
import { utcToWallClock, wallClockToUtc, zoneOffsetMinutes } from "~/features/events/time";
import { wallClockIn } from "~/lib/dates";

// zoneOffsetMinutes keeps one offset per zone and UTC day when the day starts and ends with it;
// these compare it, every 15 minutes through years with changes, with Intl asked afresh.
const ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Apia", "Africa/Casablanca", "America/Sao_Paulo", "Pacific/Chatham"];

function intlOffset(utcMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Math.round((Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

describe("zone offsets kept per day", () => {
  test.each(ZONES)("%s: every quarter hour of 2011 and 2026 as Intl gives it", (zone) => {
    const intl = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    for (const year of [2011, 2026]) {
      let last = NaN;
      for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += 15 * 60_000) {
        // Intl asked afresh only around the changes (and once a day), to keep the test quick.
        const offset = zoneOffsetMinutes(at, zone);
        if (offset !== last || at % 86_400_000 === 0) {
          const parts = intl.formatToParts(new Date(at));
          const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
          expect(offset, new Date(at).toISOString()).toBe(Math.round((Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at) / 60_000));
          last = offset;
        }
      }
    }
  });

  test("the minutes around a change, and the wall clock both ways", () => {
    // Berlin: 2026-03-29 01:00 UTC clocks go 02:00 → 03:00; 2026-10-25 01:00 UTC 03:00 → 02:00.
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let at = change - 30 * 60_000; at <= change + 30 * 60_000; at += 60_000) {
        expect(zoneOffsetMinutes(at, "Europe/Berlin")).toBe(intlOffset(at, "Europe/Berlin"));
        const iso = new Date(at).toISOString();
        expect(utcToWallClock(iso, "Europe/Berlin")).toBe(wallClockIn(iso, "Europe/Berlin"));
      }
    }
    expect(wallClockToUtc("2026-03-29T03:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(wallClockToUtc("2026-10-25T01:30", "Europe/Berlin")).toBe("2026-10-24T23:30:00.000Z");
    expect(utcToWallClock("2011-12-31T10:00:00.000Z", "Pacific/Apia")).toBe("2012-01-01T00:00");
  });
});

describe("wallClockIn", () => {
  function intlWallClock(at: Date, timeZone: string) {
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(at);
    const get = (type: string) => parts.find((part) => part.type === type)?.value;
    return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
  }

  // It keeps each zone's last answer for the rest of that minute (every member page asks for today).
  test("every few seconds across minutes and a change of offset, in each zone, as Intl gives it", () => {
    for (const zone of [...ZONES, "UTC"]) {
      for (let at = Date.UTC(2026, 9, 25, 0, 58, 1); at < Date.UTC(2026, 9, 25, 1, 3); at += 7_000) {
        expect(wallClockIn(new Date(at), zone), `${zone} ${new Date(at).toISOString()}`).toBe(intlWallClock(new Date(at), zone));
        expect(wallClockIn(new Date(at).toISOString(), zone)).toBe(intlWallClock(new Date(at), zone));
      }
    }
  });

  test("before 1973, when a zone could be ahead by seconds too, each instant is worked out", () => {
    // Monrovia was 44 min 30 s behind UTC until 1972: one UTC minute holds two of its minutes.
    const early = new Date(Date.UTC(1970, 5, 1, 12, 0, 10));
    const late = new Date(Date.UTC(1970, 5, 1, 12, 0, 40));
    expect(wallClockIn(early, "Africa/Monrovia")).toBe("1970-06-01T11:15");
    expect(wallClockIn(late, "Africa/Monrovia")).toBe("1970-06-01T11:16");
    expect(wallClockIn(early, "Africa/Monrovia")).toBe(intlWallClock(early, "Africa/Monrovia"));
  });
});
