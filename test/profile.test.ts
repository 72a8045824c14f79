import { describe, expect, test } from "vitest";
import { getProfile } from "~/features/members/members.server";
import { loader as cities } from "~/routes/spec/user.ajax.get-city-by-regionId";
import { loader as provinces } from "~/routes/spec/user.ajax.get-province-by-countryId";
import { action, loader } from "~/routes/settings/user.settings.profile";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const PATH = "/user/settings/profile";

const toronto = {
  name: "Grace Hopper",
  memberType: "investor",
  occupation: "Rear admiral",
  industry: "Computing",
  business: "Hopper & Co",
  businessType: "Consultancy",
  country: "CA",
  province: "ON",
  city: "Toronto",
  lookingFor: "Looking for compilers?",
};

function save(member: TestMember, fields: Record<string, string>) {
  return settle(() => action(routeArgs(postRequest(PATH, fields, member.cookie))));
}

type Option = { value: string; label: string };

describe("profile settings", () => {
  test("the page shows the member's profile and the place lists", async () => {
    const member = await createSignedInMember({ name: "Grace", memberType: "business_contact" });
    const response = await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))));
    expect(response.status).toBe(200);
    const { profile, places } = await response.json();
    expect(profile).toMatchObject({ id: member.id, name: "Grace", email: member.email, member_type: "business_contact", country: null });
    expect(profile).not.toHaveProperty("password_hash");
    expect(places.countries).toContainEqual({ value: "CA", label: "Canada" });
    expect(places.provinces).toEqual([]);
    expect(places.cities).toEqual([]);
  });

  test("after a place is saved, the page lists that country's provinces and that province's cities", async () => {
    const member = await createSignedInMember();
    await save(member, toronto);
    const { places } = await (await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))))).json();
    expect(places.provinces).toContainEqual({ value: "ON", label: "Ontario" });
    expect(places.cities).toContainEqual({ value: "Toronto", label: "Toronto" });
  });

  test("saves valid details and says so", async () => {
    const member = await createSignedInMember();
    const response = await save(member, { ...toronto, name: "  Grace Hopper  ", occupation: "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Profile saved." });
    expect(await getProfile(member.id)).toMatchObject({
      name: "Grace Hopper",
      member_type: "investor",
      occupation: null,
      industry: "Computing",
      business: "Hopper & Co",
      business_type: "Consultancy",
      country: "CA",
      province: "ON",
      city: "Toronto",
      looking_for: "Looking for compilers?",
    });
  });

  test("clearing the country clears the province and city", async () => {
    const member = await createSignedInMember();
    await save(member, toronto);
    await save(member, { ...toronto, country: "", province: "ON", city: "Toronto" });
    expect(await getProfile(member.id)).toMatchObject({ country: null, province: null, city: null });
  });

  test.each([
    [{ country: "XX", province: "", city: "" }, { country: ["Choose a country from the list."] }],
    [{ country: "CA", province: "ZZ", city: "" }, { province: ["Choose a province from the list."] }],
    [{ country: "CA", province: "ON", city: "Atlantis" }, { city: ["Choose a city from the list."] }],
  ])("refuses the place %o and saves nothing", async (place, errors) => {
    const member = await createSignedInMember({ name: "Unchanged" });
    const before = await getProfile(member.id);
    const response = await save(member, { ...toronto, ...place });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual(errors);
    expect(await getProfile(member.id)).toEqual(before);
  });

  test("an empty name is refused", async () => {
    const member = await createSignedInMember({ name: "Unchanged" });
    const response = await save(member, { ...toronto, name: "   " });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ name: ["Name is required."] });
    expect((await getProfile(member.id))?.name).toBe("Unchanged");
  });

  test("an unknown member type is refused", async () => {
    const member = await createSignedInMember({ memberType: "entrepreneur" });
    const response = await save(member, { ...toronto, memberType: "admin" });
    expect(response.status).toBe(400);
    expect(Object.keys(await replyErrors(response))).toEqual(["memberType"]);
    expect((await getProfile(member.id))?.member_type).toBe("entrepreneur");
  });

  test("refresh-places lists the posted country's provinces and cities and saves nothing", async () => {
    const member = await createSignedInMember({ name: "Unchanged" });
    const before = await getProfile(member.id);
    const response = await save(member, { ...toronto, name: "Typed but not saved", intent: "refresh-places" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.places.provinces).toContainEqual({ value: "ON", label: "Ontario" });
    expect(body.places.cities).toContainEqual({ value: "Toronto", label: "Toronto" });
    expect(body.result.initialValue).toMatchObject({ name: "Typed but not saved", country: "CA" });
    expect(await getProfile(member.id)).toEqual(before);
  });

  test("one member's save never touches another member's row", async () => {
    const member = await createSignedInMember({ name: "Me" });
    const other = await createSignedInMember({ name: "Someone else" });
    const before = await getProfile(other.id);
    expect((await save(member, { ...toronto, id: String(other.id) })).status).toBe(302);
    expect(await getProfile(other.id)).toEqual(before);
    expect((await getProfile(member.id))?.name).toBe("Grace Hopper");
  });
});

describe("place lookups for the selects", () => {
  test("a visitor is sent to sign in", async () => {
    const path = "/user/ajax/get-province-by-countryId?country_id=CA";
    const response = await settle(() => provinces(routeArgs(getRequest(path))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
    const cityPath = "/user/ajax/get-city-by-regionId?country_id=CA&region_id=ON";
    expect((await settle(() => cities(routeArgs(getRequest(cityPath))))).status).toBe(302);
  });

  test("lists Ontario among Canada's provinces", async () => {
    const member = await createSignedInMember();
    const response = await settle(() => provinces(routeArgs(getRequest("/user/ajax/get-province-by-countryId?country_id=CA", member.cookie))));
    expect(response.status).toBe(200);
    const options = (await response.json()) as Option[];
    expect(options).toContainEqual({ value: "ON", label: "Ontario" });
    expect(options.every((option) => option.value && option.label)).toBe(true);
  });

  test("lists Toronto among Ontario's cities", async () => {
    const member = await createSignedInMember();
    const response = await settle(() => cities(routeArgs(getRequest("/user/ajax/get-city-by-regionId?country_id=CA&region_id=ON", member.cookie))));
    expect(response.status).toBe(200);
    expect((await response.json()) as Option[]).toContainEqual({ value: "Toronto", label: "Toronto" });
  });

  test.each(["", "?country_id=", "?country_id=ca", "?country_id=CAN", "?country_id=C%27"])("answers 400 to provinces%s", async (query) => {
    const member = await createSignedInMember();
    const response = await settle(() => provinces(routeArgs(getRequest(`/user/ajax/get-province-by-countryId${query}`, member.cookie))));
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty("error");
  });

  test.each(["", "?country_id=CA", "?region_id=ON", "?country_id=CA&region_id=", "?country_id=CA&region_id=ON%3Bdrop"])(
    "answers 400 to cities%s",
    async (query) => {
      const member = await createSignedInMember();
      const response = await settle(() => cities(routeArgs(getRequest(`/user/ajax/get-city-by-regionId${query}`, member.cookie))));
      expect(response.status).toBe(400);
    },
  );

  test("an unknown country or region is an empty list, not an error", async () => {
    const member = await createSignedInMember();
    const response = await settle(() => cities(routeArgs(getRequest("/user/ajax/get-city-by-regionId?country_id=ZZ&region_id=QQ", member.cookie))));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("the profile form keeps the place it was opened with", () => {
  test("a city stored without a province is a choice of the form, and saving another change keeps it", async () => {
    const { db } = await import("~/lib/db.server");
    const member = await createSignedInMember();
    await db.updateTable("users").set({ country: "NG", province: null, city: "Lagos" }).where("id", "=", member.id).execute();
    const { places } = await (await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))))).json();
    expect(places.cities).toContainEqual({ value: "Lagos", label: "Lagos" });
    const response = await save(member, { ...toronto, country: "NG", province: "", city: "Lagos", occupation: "Importer" });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(await getProfile(member.id)).toMatchObject({ occupation: "Importer", country: "NG", province: null, city: "Lagos" });
  });
});
