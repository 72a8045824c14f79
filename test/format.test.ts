import { describe, expect, test } from "vitest";
import { priceLine } from "~/features/events/EventCard";
import {
  formatDate,
  formatDateTime,
  formatEventRange,
  formatEventStart,
  formatMoney,
  formatPrice,
  formatTimeOfDay,
  formatWallClock,
  joinPlace,
} from "~/lib/format";
import { formatPhone } from "~/lib/format-phone.server";
import { placeLabel } from "~/lib/places.server";
import { isTimeZone } from "~/lib/time-zones";

describe("dates", () => {
  test("a calendar date is written as the rest of the app writes it, whatever the zone", () => {
    expect(formatDate("2026-11-25")).toBe("25 Nov 2026");
    expect(formatDate("2026-09-05", "Pacific/Kiritimati")).toBe("5 Sep 2026");
    expect(formatDate("2026-11-25")).not.toBe("2026-11-25");
  });

  test("an instant's date is the day on the viewer's wall clock", () => {
    // 23:30 UTC on the 25th is already the 26th in Lagos (UTC+1) and still the 25th in New York.
    expect(formatDate("2026-11-25T23:30:00.000Z", "UTC")).toBe("25 Nov 2026");
    expect(formatDate("2026-11-25T23:30:00.000Z", "Africa/Lagos")).toBe("26 Nov 2026");
    expect(formatDate("2026-11-26T03:00:00.000Z", "America/New_York")).toBe("25 Nov 2026");
  });
});

describe("times in a zone", () => {
  test("an instant on the wall clock of the viewer's zone", () => {
    const instant = "2026-11-25T14:05:00.000Z";
    expect(formatDateTime(instant, "UTC")).toBe("25 Nov 2026, 14:05");
    expect(formatDateTime(instant, "Africa/Lagos")).toBe("25 Nov 2026, 15:05");
    expect(formatDateTime(instant, "Asia/Kolkata")).toBe("25 Nov 2026, 19:35");
    expect(formatDateTime(instant, "Europe/Berlin", { showZone: true })).toBe("25 Nov 2026, 15:05 (Europe/Berlin)");
    expect(formatTimeOfDay(instant, "America/New_York")).toBe("09:05");
  });

  test("daylight saving time moves the wall clock, not the instant", () => {
    // Europe/Berlin: summer time until 25 Oct 2026 at 03:00 (UTC+2), then UTC+1.
    expect(formatDateTime("2026-10-24T10:00:00.000Z", "Europe/Berlin")).toBe("24 Oct 2026, 12:00");
    expect(formatDateTime("2026-10-26T10:00:00.000Z", "Europe/Berlin")).toBe("26 Oct 2026, 11:00");
    // The hour that happens twice: 00:30 and 01:30 UTC are both 02:30 in Berlin.
    expect(formatTimeOfDay("2026-10-25T00:30:00.000Z", "Europe/Berlin")).toBe("02:30");
    expect(formatTimeOfDay("2026-10-25T01:30:00.000Z", "Europe/Berlin")).toBe("02:30");
    // New York springs forward on 8 Mar 2026: midnight is 05:00 UTC before, 04:00 UTC after.
    expect(formatTimeOfDay("2026-03-08T05:00:00.000Z", "America/New_York")).toBe("00:00");
    expect(formatTimeOfDay("2026-03-09T04:00:00.000Z", "America/New_York")).toBe("00:00");
  });

  test("an event's times stay on its venue's clock and name its zone", () => {
    expect(formatWallClock("2026-12-05T19:00")).toBe("Sat 5 Dec 2026, 19:00");
    expect(formatEventRange("2026-12-05T19:00", "2026-12-05T22:00", "Africa/Lagos")).toBe("Sat 5 Dec 2026, 19:00 – 22:00 (Africa/Lagos)");
    expect(formatEventRange("2026-12-05T19:00", "2026-12-06T02:00", "America/New_York")).toBe(
      "Sat 5 Dec 2026, 19:00 – Sun 6 Dec 2026, 02:00 (America/New York)",
    );
    expect(formatEventStart("2027-05-14T18:00", "UTC")).toBe("Fri 14 May 2027, 18:00 (UTC)");
  });

  test("only real zones are accepted", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("money", () => {
  test("integer cents in their currency, cents shown only when there are some", () => {
    expect(formatMoney(2000, "USD")).toBe("$20");
    expect(formatMoney(2050, "USD")).toBe("$20.50");
    expect(formatMoney(100_000, "EUR")).toBe("€1,000");
    expect(formatMoney(2000, "USD")).not.toBe("$20.00");
  });

  test("nothing asked reads Free", () => {
    expect(formatPrice(0, "USD")).toBe("Free");
    expect(formatPrice(null, "USD")).toBe("Free");
    expect(formatPrice(1500, "USD")).toBe("$15");
  });

  test("an event's price line reads as a member says it", () => {
    const offer = (amountCents: number | null) => ({ capacity: 10, remaining: 10, amountCents });
    expect(priceLine({ general: offer(null), vip: null, currency: "USD" })).toBe("Free");
    expect(priceLine({ general: offer(0), vip: offer(0), currency: "USD" })).toBe("Free");
    expect(priceLine({ general: offer(2000), vip: offer(5000), currency: "USD" })).toBe("General $20 · VIP $50");
    expect(priceLine({ general: offer(2000), vip: null, currency: "USD" })).toBe("General $20");
    expect(priceLine({ general: null, vip: offer(5000), currency: "USD" })).toBe("VIP $50");
    expect(priceLine({ general: offer(0), vip: offer(5000), currency: "USD" })).toBe("General free · VIP $50");
    expect(priceLine({ general: null, vip: null, currency: "USD" })).toBe("No tickets");
  });
});

describe("places", () => {
  test("a place is named once", () => {
    expect(joinPlace(["Lagos", "Lagos", "Nigeria"])).toBe("Lagos, Nigeria");
    expect(joinPlace(["Ikeja", "Lagos State", "Nigeria"])).toBe("Ikeja, Lagos State, Nigeria");
    expect(joinPlace(["Lagos", "Lagos State", "Nigeria"])).toBe("Lagos, Nigeria");
    expect(joinPlace(["Eko Hotel", null, "", "Lagos"])).toBe("Eko Hotel, Lagos");
  });

  test("stored places from the dataset lose their repeats", () => {
    expect(placeLabel({ country: "DE", province: "BE", city: "Berlin" })).toBe("Berlin, Germany");
    expect(placeLabel({ country: "NG", province: "LA", city: "Lagos" })).toBe("Lagos, Nigeria");
    expect(placeLabel({ country: "NG", province: "LA", city: "Ikeja" })).toBe("Ikeja, Lagos, Nigeria");
    expect(placeLabel({ country: null, province: null, city: "Lagos" })).toBeNull();
  });
});

describe("phone numbers", () => {
  test("stored E.164 numbers are shown in international form", () => {
    expect(formatPhone("+2348021234567")).toBe("+234 802 123 4567");
    expect(formatPhone("+4930123456")).toBe("+49 30 123456");
    expect(formatPhone("+2348021234567")).not.toBe("+2348021234567");
  });

  test("what cannot be read is shown as it is", () => {
    expect(formatPhone("call the office")).toBe("call the office");
  });
});
