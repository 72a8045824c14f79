import { describe, expect, test } from "vitest";
import { parseOccurrenceKey } from "~/features/calendar/calendar.server";
import { unreadCounts } from "~/features/notifications/notifications.server";
import { SendTicketSchema } from "~/features/tickets/schema";
import { parseId } from "~/lib/ids";
import { idField } from "~/lib/schema-fields";
import { loader as contactsLoader } from "~/routes/contacts/user.contacts";
import { BASE, createSignedInMember, getRequest, routeArgs, settle } from "./helpers";

// Ids are PostgreSQL integers: a larger number in an address, a query or a form reached the
// database and failed there with an error (a 500) instead of finding nothing. SQLite found
// nothing, so on it these pass either way; the PostgreSQL run is where they can fail.

const PAST_INTEGER = "2147483648";

describe("ids a table cannot hold", () => {
  test("are not ids", () => {
    expect(parseId("2147483647")).toBe(2147483647);
    expect([PAST_INTEGER, "0", "01", "-1", "1.5", "abc", "", undefined].map(parseId)).toEqual(Array(8).fill(null));
    expect(
      idField("Choose one.")
        .safeParse(PAST_INTEGER)
        .error?.issues.map((issue) => issue.message),
    ).toEqual(["Choose one."]);
    expect(idField("Choose one.").parse(" 12 ")).toBe(12);
    expect(SendTicketSchema.safeParse({ event_id: PAST_INTEGER, ticket_type: "vip" }).error?.issues.map((issue) => issue.message)).toEqual([
      "Choose one of your events.",
    ]);
    expect(parseOccurrenceKey(`${PAST_INTEGER}-2026-03-01`)).toBeNull();
    expect(parseOccurrenceKey("12-2026-03-01")).toEqual({ taskId: 12, date: "2026-03-01" });
  });

  test("in the contact list's category filter and a conversation's address, find nothing rather than fail", async () => {
    const member = await createSignedInMember();
    const response = await settle(() => contactsLoader(routeArgs(getRequest(`/user/contacts?label=${PAST_INTEGER}`, member.cookie))));
    expect(response.status).toBe(200);
    expect(await unreadCounts(member.id, new URL(`${BASE}/user/chat/9999999999`))).toEqual({ notifications: 0, chat: 0 });
  });
});
