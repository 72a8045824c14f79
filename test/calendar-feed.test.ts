import { describe, expect, test } from "vitest";
import { createTask, deleteOccurrence, getOwnTask, markOccurrence } from "~/features/calendar/calendar.server";
import { loader as feedLoader } from "~/routes/calendar/calendar-feed.$token.calendar[.]ics";
import * as settings from "~/routes/settings/user.settings.calendar";
import { taskFields } from "./calendar-fixtures";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

async function newAddress(member: TestMember) {
  const response = await settle(() => settings.action(routeArgs(postRequest("/user/settings/calendar", { csrf: "x", intent: "feed" }, member.cookie))));
  const { address } = (await response.json()) as { address: string };
  return address;
}

function feed(address: string) {
  const token = /\/calendar-feed\/([^/]+)\/calendar\.ics$/.exec(address)?.[1] ?? "";
  return settle(() => feedLoader(routeArgs(new Request(address), { token })));
}

describe("calendar feed", () => {
  test("a private address carries the member's series with RRULE, EXDATE and VALARM; reset or wrong tokens are not found", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const weekly = await createTask(
      member.id,
      taskFields({
        title: "Weekly review",
        recurrence: "weekly",
        weekdays: "MO",
        start_date: "2026-03-16",
        occurrence_count: null,
        until_date: "2026-06-29",
        alert: 1,
      }),
      "Europe/Berlin",
    );
    await markOccurrence(member.id, weekly, "2026-03-30", "cancelled");
    await deleteOccurrence(member.id, (await getOwnTask(member.id, weekly))!, "2026-04-06");
    await createTask(
      member.id,
      taskFields({ kind: "appointment", title: "Dentist; check-up", recurrence: "none", occurrence_count: null, place: "Harbour Clinic", person: "Dr Okafor" }),
      "UTC",
    );
    await createTask(other.id, taskFields({ title: "Not in my feed" }), "UTC");

    const before = (await (await settle(() => settings.loader(routeArgs(getRequest("/user/settings/calendar", member.cookie))))).json()) as {
      hasFeed: boolean;
    };
    expect(before.hasFeed).toBe(false);
    const address = await newAddress(member);
    expect(address).toMatch(/^http:\/\/chapter\.test\/calendar-feed\/[A-Za-z0-9_-]{32}\/calendar\.ics$/);
    const response = await feed(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).toContain("DTSTART;TZID=Europe/Berlin:20260316T090000\r\n");
    expect(body).toContain("RRULE:UNTIL=20260629T215900Z;FREQ=WEEKLY;BYDAY=MO;WKST=MO\r\n");
    expect(body).toContain("EXDATE;TZID=Europe/Berlin:20260330T090000\r\n");
    // An occurrence deleted alone is left out too.
    expect(body).toContain("EXDATE;TZID=Europe/Berlin:20260406T090000\r\n");
    expect(body).toContain("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Weekly review\r\nTRIGGER:-PT15M\r\nEND:VALARM");
    expect(body).toContain("SUMMARY:Dentist\\; check-up");
    expect(body).toContain("LOCATION:Harbour Clinic");
    expect(body.match(/BEGIN:VALARM/g)).toHaveLength(1);
    expect(body).not.toContain("Not in my feed");

    const otherAddress = await newAddress(other);
    expect(await (await feed(otherAddress)).text()).not.toContain("Weekly review");

    const reset = await newAddress(member);
    expect(reset).not.toBe(address);
    expect((await feed(address)).status).toBe(404);
    expect((await feed(reset)).status).toBe(200);
    expect((await feed("http://chapter.test/calendar-feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/calendar.ics")).status).toBe(404);
    expect((await feed("http://chapter.test/calendar-feed/short/calendar.ics")).status).toBe(404);
  });

  test("only the address's own button replaces it: a post without it is refused and the address keeps working", async () => {
    const member = await createSignedInMember();
    const address = await newAddress(member);
    const refused = await settle(() => settings.action(routeArgs(postRequest("/user/settings/calendar", { csrf: "x" }, member.cookie))));
    expect(refused.status).toBe(400);
    expect((await feed(address)).status).toBe(200);
  });
});
