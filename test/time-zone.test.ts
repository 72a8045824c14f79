import { afterEach, describe, expect, test, vi } from "vitest";
import { getProfile } from "~/features/members/members.server";
import { clubTimeZone } from "~/lib/env.server";
import { loader as root } from "~/root";
import { action, loader } from "~/routes/settings/user.settings.profile";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const PATH = "/user/settings/profile";
const profile = { name: "Ada Lovelace", memberType: "entrepreneur" };

function save(member: TestMember, fields: Record<string, string>) {
  return settle(() => action(routeArgs(postRequest(PATH, { ...profile, ...fields }, member.cookie))));
}

/** The zone the pages render times in for this visitor (root loader data, shared by server and browser). */
async function viewerZone(cookie?: string) {
  const response = await settle(() => root(routeArgs(getRequest("/user", cookie))));
  return ((await response.json()) as { timeZone: string }).timeZone;
}

describe("the member's time zone", () => {
  test("the profile page offers Intl's zones, the club's named as the default", async () => {
    const member = await createSignedInMember();
    const data = await (await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))))).json();
    expect(data.timeZones).toContainEqual({ value: "America/New_York", label: "America/New York" });
    expect(data.timeZones).toContainEqual({ value: "UTC", label: "UTC" });
    expect(data.clubTimeZone).toBe(clubTimeZone().replace(/_/g, " "));
    expect(data.profile.time_zone).toBeNull();
  });

  test("without a choice a member reads times in the club's zone, like a visitor", async () => {
    const member = await createSignedInMember();
    expect(await viewerZone(member.cookie)).toBe(clubTimeZone());
    expect(await viewerZone()).toBe(clubTimeZone());
  });

  test("a chosen zone is saved and reaches the pages; choosing none again goes back to the club's", async () => {
    const member = await createSignedInMember();
    const response = await save(member, { timeZone: "Asia/Tokyo" });
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Profile saved." });
    expect((await getProfile(member.id))?.time_zone).toBe("Asia/Tokyo");
    expect(await viewerZone(member.cookie)).toBe("Asia/Tokyo");

    await save(member, { timeZone: "" });
    expect((await getProfile(member.id))?.time_zone).toBeNull();
    expect(await viewerZone(member.cookie)).toBe(clubTimeZone());
  });

  test("a zone not in the list is refused beside the field, and nothing is saved", async () => {
    const member = await createSignedInMember();
    await save(member, { timeZone: "Europe/Paris" });
    const response = await save(member, { timeZone: "Mars/Olympus_Mons", name: "Changed" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ timeZone: ["Choose a time zone from the list."] });
    expect(await getProfile(member.id)).toMatchObject({ time_zone: "Europe/Paris", name: "Ada Lovelace" });
  });

  test("one member's zone is theirs alone", async () => {
    const [tokyo, other] = [await createSignedInMember(), await createSignedInMember()];
    await save(tokyo, { timeZone: "Asia/Tokyo" });
    expect(await viewerZone(other.cookie)).toBe(clubTimeZone());
    expect((await getProfile(other.id))?.time_zone).toBeNull();
  });
});

describe("CLUB_TIME_ZONE", () => {
  const saved = process.env.CLUB_TIME_ZONE;
  afterEach(() => {
    if (saved === undefined) delete process.env.CLUB_TIME_ZONE;
    else process.env.CLUB_TIME_ZONE = saved;
    vi.resetModules();
  });

  async function freshEnv(value: string | undefined) {
    if (value === undefined) delete process.env.CLUB_TIME_ZONE;
    else process.env.CLUB_TIME_ZONE = value;
    vi.resetModules();
    return import("~/lib/env.server");
  }

  test("names the club's zone; unset, the server's", async () => {
    expect((await freshEnv("Africa/Lagos")).clubTimeZone()).toBe("Africa/Lagos");
    expect((await freshEnv(undefined)).clubTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  });

  test("a zone Intl does not know stops the start with a readable message", async () => {
    const { env } = await freshEnv("Lagos");
    expect(() => env()).toThrow("CLUB_TIME_ZONE: CLUB_TIME_ZONE must be an IANA time zone, for example Africa/Lagos");
  });
});
