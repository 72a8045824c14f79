import { describe, expect, test } from "vitest";
import { updateProfile } from "~/features/members/members.server";
import { searchName } from "~/features/social/search-name";
import { db } from "~/lib/db.server";
import { action as acceptAction } from "~/routes/spec/user.ajax.accept_friend_request";
import { action as addAction } from "~/routes/spec/user.ajax.add-friend-request";
import { loader as searchLoader } from "~/routes/spec/search_contacts";
import { loader as searchPageLoader } from "~/routes/social/user.search";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

function searchJson(q: string, who: TestMember) {
  const request = getRequest(`/search_contacts?${new URLSearchParams({ q })}`, who.cookie);
  request.headers.set("Accept", "application/json");
  return settle(() => searchLoader(routeArgs(request)));
}

async function names(q: string, who: TestMember) {
  const items = (await (await searchJson(q, who)).json()) as { name: string }[];
  return items.map((item) => item.name);
}

function befriend(from: TestMember, to: TestMember) {
  return settle(() => addAction(routeArgs(postRequest("/user/ajax/add-friend-request", { friend_user_id: String(to.id) }, from.cookie))));
}

describe("member search", () => {
  test("normalises names: accents, case and spaces aside", () => {
    expect(searchName("  Élise   ÖRSTED ")).toBe("elise orsted");
    expect(searchName("Søren Æbelø Straße Łukasz")).toBe("soren aebelo strasse lukasz");
  });

  test("JSON items: SPEC.md's fields, the friend state, no e-mail; prefix match on the name", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    const zoe = await createSignedInMember({ name: "Zoë Zimmer" });
    await createSignedInMember({ name: "Zora Zed" });
    await createSignedInMember({ name: "Adam Zoeller" });
    await db.updateTable("users").set({ looking_for: "Investors in solar" }).where("id", "=", zoe.id).execute();

    const response = await searchJson("zoe zim", me);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const items = (await response.json()) as Record<string, unknown>[];
    expect(items).toEqual([
      {
        id: zoe.id,
        name: "Zoë Zimmer",
        question: "Investors in solar",
        profile_image: null,
        image: null,
        friend_user_id: zoe.id,
        url: `/user/members/${zoe.id}`,
        friend_status: "none",
      },
    ]);
    expect(JSON.stringify(items)).not.toContain("@");
    // Names starting with what was typed first, then members with another word starting with it.
    expect(await names("ZO", me)).toEqual(["Zoë Zimmer", "Zora Zed", "Adam Zoeller"]);
    expect(await names("zoë z", me)).toEqual(["Zoë Zimmer"]);
    expect(await names("", me)).toEqual([]);
    expect(await names("%", me)).toEqual([]);
  });

  test("any word of the name: last names, several words, accents, hyphens; each member once", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    await createSignedInMember({ name: "John Smith" });
    await createSignedInMember({ name: "Jane Smithers" });
    await createSignedInMember({ name: "Joan Ørsted-Smålund" });
    await createSignedInMember({ name: "Anna Annabel Anders" });
    const gone = await createSignedInMember({ name: "Gone Smith" });
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", gone.id).execute();

    expect(await names("smith", me)).toEqual(["John Smith", "Jane Smithers"]);
    expect(await names("jo sm", me)).toEqual(["Joan Ørsted-Smålund", "John Smith"]);
    expect(await names("sm jo", me)).toEqual(["Joan Ørsted-Smålund", "John Smith"]);
    expect(await names("SMITH JOHN", me)).toEqual(["John Smith"]);
    expect(await names("orsted", me)).toEqual(["Joan Ørsted-Smålund"]);
    expect(await names("smalund", me)).toEqual(["Joan Ørsted-Smålund"]);
    expect(await names("Smål", me)).toEqual(["Joan Ørsted-Smålund"]);
    expect(await names("anders", me)).toEqual(["Anna Annabel Anders"]);
    expect(await names("ann", me)).toEqual(["Anna Annabel Anders"]);
    expect(await names("jo xyz", me)).toEqual([]);
    expect(await names("jo jo", me)).toEqual([]);
    expect(await names("an an", me)).toEqual(["Anna Annabel Anders"]);
    expect(await names("smith s", me)).toEqual([]);
    expect(await names("mith", me)).toEqual([]);
    const page = await settle(() => searchPageLoader(routeArgs(getRequest("/user/search?q=smith", me.cookie))));
    const data = (await page.json()) as { results: { name: string }[] };
    expect(data.results.map((item) => item.name)).toEqual(["John Smith", "Jane Smithers"]);
  });

  test("many members sharing a word: the first ones by the matched word, none twice", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    for (let i = 0; i < 30; i++) await createSignedInMember({ name: `Lee Lee${String(i).padStart(2, "0")} Leeds` });
    const found = await names("lee", me);
    expect(found).toHaveLength(10);
    expect(new Set(found).size).toBe(10);
    const page = await settle(() => searchPageLoader(routeArgs(getRequest("/user/search?q=leeds", me.cookie))));
    const data = (await page.json()) as { results: { name: string }[] };
    expect(data.results).toHaveLength(30);
    expect(new Set(data.results.map((item) => item.name)).size).toBe(30);
  });

  test("the friend state of each result, oneself and disabled members left out", async () => {
    const me = await createSignedInMember({ name: "Sam Searcher" });
    const friend = await createSignedInMember({ name: "Sam Friend" });
    const asked = await createSignedInMember({ name: "Sam Asked" });
    const asker = await createSignedInMember({ name: "Sam Asker" });
    const gone = await createSignedInMember({ name: "Sam Gone" });
    await befriend(me, friend);
    await settle(() => acceptAction(routeArgs(postRequest("/", { friend_user_id: String(me.id) }, friend.cookie))));
    await befriend(me, asked);
    await befriend(asker, me);
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", gone.id).execute();

    const items = (await (await searchJson("sam", me)).json()) as { name: string; friend_status: string }[];
    expect(items.map((item) => [item.name, item.friend_status])).toEqual([
      ["Sam Asked", "sent"],
      ["Sam Asker", "received"],
      ["Sam Friend", "friends"],
    ]);
  });

  test("at most 10 suggestions; the page shows more", async () => {
    const me = await createSignedInMember({ name: "Me" });
    for (let i = 0; i < 14; i++) await createSignedInMember({ name: `Kim ${String(i).padStart(2, "0")}` });
    expect(await names("kim", me)).toHaveLength(10);
    const page = await settle(() => searchPageLoader(routeArgs(getRequest("/user/search?q=kim", me.cookie))));
    const data = (await page.json()) as { q: string; results: unknown[] };
    expect(data.q).toBe("kim");
    expect(data.results).toHaveLength(14);
  });

  test("a renamed member is found by the new name", async () => {
    const me = await createSignedInMember();
    const other = await createSignedInMember({ name: "Old Name" });
    await updateProfile(other.id, {
      name: "Néw Name",
      memberType: "investor",
      occupation: null,
      industry: null,
      business: null,
      businessType: null,
      country: null,
      province: null,
      city: null,
      lookingFor: null,
    });
    expect(await names("old", me)).toEqual([]);
    expect(await names("new", me)).toEqual(["Néw Name"]);
    expect(await names("name", me)).toEqual(["Néw Name"]);
  });

  test("a signed-out visitor is sent to sign in, for JSON and for the page", async () => {
    const json = getRequest("/search_contacts?q=a");
    json.headers.set("Accept", "application/json");
    for (const request of [json, getRequest("/search_contacts?q=a")]) {
      const response = await settle(() => searchLoader(routeArgs(request)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/signin?${new URLSearchParams({ redirectTo: "/search_contacts?q=a" })}`);
    }
  });

  test("a browser opening /search_contacts as a page is sent to the results page; any other client gets JSON", async () => {
    const me = await createSignedInMember();
    const page = getRequest("/search_contacts?q=ab%20c", me.cookie);
    page.headers.set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
    const response = await settle(() => searchLoader(routeArgs(page)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/search?q=ab+c");
    const plain = await settle(() => searchLoader(routeArgs(getRequest("/search_contacts?q=x", me.cookie))));
    expect(await plain.json()).toEqual([]);
  });
});
