import { describe, expect, test } from "vitest";
import { isoMs, isoOf, utcToWallClock, wallClockToUtc, zoneOffsetMinutes } from "~/features/events/time";
import { wallClockIn } from "~/lib/dates";

// zoneOffsetMinutes keeps one offset per zone and UTC day when the day starts and ends with it;
// these compare it, every 15 minutes through years with changes, with Intl asked afresh.
const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "Pacific/Apia",
  "Africa/Casablanca",
  "America/Sao_Paulo",
  "Pacific/Chatham",
];

function intlOffset(utcMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Math.round(
    (Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(utcMs / 1000) * 1000) / 60_000,
  );
}

describe("zone offsets kept per day", () => {
  test.each(ZONES)("%s: every quarter hour of 2011 and 2026 as Intl gives it", (zone) => {
    const intl = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    for (const year of [2011, 2026]) {
      let last = NaN;
      for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += 15 * 60_000) {
        // Intl asked afresh only around the changes (and once a day), to keep the test quick.
        const offset = zoneOffsetMinutes(at, zone);
        if (offset !== last || at % 86_400_000 === 0) {
          const parts = intl.formatToParts(new Date(at));
          const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
          expect(offset, new Date(at).toISOString()).toBe(
            Math.round((Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at) / 60_000),
          );
          last = offset;
        }
      }
    }
  });

  test.each(ZONES)("%s: every minute of each day its offset changes in 2011 and 2026, as Intl gives it", (zone) => {
    let changeDays = 0;
    for (const year of [2011, 2026]) {
      for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
        if (intlOffset(day, zone) === intlOffset(day + 86_399_000, zone)) continue;
        changeDays++;
        // The day's last second first, so that the day is kept before its minutes are asked for.
        expect(zoneOffsetMinutes(day + 86_399_000, zone)).toBe(intlOffset(day + 86_399_000, zone));
        for (let at = day; at < day + 86_400_000; at += 60_000)
          expect(zoneOffsetMinutes(at + 59_999, zone), new Date(at).toISOString()).toBe(intlOffset(at + 59_999, zone));
      }
    }
    if (zone !== "Asia/Kolkata") expect(changeDays).toBeGreaterThan(0);
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

describe("instants written and read without V8's Date formatting (isoOf, isoMs)", () => {
  const EDGES = [
    0,
    -1,
    1,
    999,
    86_399_999,
    86_400_000,
    Date.parse("0000-01-01T00:00:00.000Z"),
    Date.parse("0000-01-01T00:00:00.000Z") - 1,
    Date.parse("9999-12-31T23:59:59.999Z"),
    Date.parse("9999-12-31T23:59:59.999Z") + 1,
    Date.parse("0050-06-15T12:34:56.789Z"),
    Date.UTC(2026, 1, 28, 23, 59, 59, 999),
    Date.UTC(2028, 1, 29, 12),
    8.64e15,
    -8.64e15,
  ];
  // Random instants over years 0000–9999 and a few in 10000+ (a seed of their own: repeatable).
  let seed = 20261129;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const instants = [...EDGES, ...Array.from({ length: 20_000 }, () => Math.floor(-62_167_219_200_000 + random() * 253_402_300_800_000 * 1.02))];

  test("isoOf writes what toISOString writes, and refuses what it refuses", () => {
    for (const ms of instants) expect(isoOf(ms), String(ms)).toBe(new Date(ms).toISOString());
    expect(isoOf(1.5)).toBe(new Date(1.5).toISOString());
    expect(() => isoOf(NaN)).toThrow(RangeError);
    expect(() => isoOf(8.64e15 + 1)).toThrow(RangeError);
  });

  test("isoMs reads what Date reads, an invalid date included", () => {
    for (const ms of instants) expect(isoMs(new Date(ms).toISOString()), String(ms)).toBe(ms);
    const odd = [
      "2026-02-30T00:00:00.000Z",
      "2026-04-31T10:00:00.000Z",
      "2026-13-01T00:00:00.000Z",
      "2026-00-10T00:00:00.000Z",
      "2026-01-32T00:00:00.000Z",
      "2026-01-00T00:00:00.000Z",
      "2026-01-01T24:00:00.000Z",
      "2026-01-01T23:60:00.000Z",
      "2026-01-01T23:59:60.000Z",
      "0050-01-01T00:00:00.000Z",
      "0099-12-31T23:59:59.999Z",
      "0100-01-01T00:00:00.000Z",
      "2026-01-01T00:00:00Z",
      "2026-01-01",
      "2026-01-01T10:00",
      "2026-01-01T10:00:00.000+01:00",
      "+010000-01-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000z",
      "２026-01-01T00:00:00.000Z",
      "not a date at all, 24ch",
    ];
    for (const text of odd) expect(Object.is(isoMs(text), new Date(text).getTime()), text).toBe(true);
  });

  test("wallClockToUtc reads a wall clock written by position as it read it by its parts", () => {
    const byParts = (local: string, zone: string) => {
      const [date, time] = local.split("T");
      const [year, month, day] = date.split("-").map(Number);
      const [hour, minute] = time.split(":").map(Number);
      const guess = Date.UTC(year, month - 1, day, hour, minute);
      return new Date(guess - zoneOffsetMinutes(guess - zoneOffsetMinutes(guess, zone) * 60_000, zone) * 60_000).toISOString();
    };
    for (const zone of ZONES) {
      for (const local of [
        "2026-03-29T02:30",
        "2026-03-29T03:30",
        "2026-10-25T02:30",
        "2026-01-01T00:00",
        "1999-12-31T23:59",
        "2011-12-30T12:00",
        "2026-3-29T2:30",
        "2026-03-29T2:30",
        "2026-03-29T02:30:15",
        "0050-01-01T10:00",
      ]) {
        expect(wallClockToUtc(local, zone), `${local} ${zone}`).toBe(byParts(local, zone));
      }
    }
  });
});

describe("wallClockIn", () => {
  function intlWallClock(at: Date, timeZone: string) {
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(at);
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
