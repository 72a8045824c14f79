import { describe, expect, test } from "vitest";
import { DIRECTORY_PAGE_SIZE } from "~/features/social/directory.server";
import { searchName } from "~/features/social/search-name";
import { db } from "~/lib/db.server";
import { action as acceptAction } from "~/routes/spec/user.ajax.accept_friend_request";
import { action as addAction } from "~/routes/spec/user.ajax.add-friend-request";
import { action as cancelAction } from "~/routes/spec/user.ajax.cancel-friend-request";
import { action as declineAction } from "~/routes/spec/user.ajax.decline_friend_request";
import { loader as searchPageLoader } from "~/routes/social/user.search";
import { loader as directoryLoader } from "~/routes/social/user.members._index";
import { loader as notificationsLoader } from "~/routes/social/user.notifications";
import { action as privacyAction, loader as privacyLoader } from "~/routes/settings/user.settings.privacy";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

type Directory = {
  total: number;
  page: number;
  pages: number;
  filters: Record<string, string>;
  choices: { industries: { value: string }[]; countries: { value: string; label: string }[]; cities: { value: string }[] };
  members: {
    id: number;
    name: string;
    memberType: string;
    business: string | null;
    industry: string | null;
    place: string | null;
    lookingFor: string | null;
    friendStatus: string;
  }[];
};

async function directory(who: TestMember, query = ""): Promise<Directory> {
  const response = await settle(() => directoryLoader(routeArgs(getRequest(`/user/members${query ? `?${query}` : ""}`, who.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as Directory;
}

const names = (page: Directory) => page.members.map((member) => member.name);

function profile(memberId: number, fields: Partial<Record<"industry" | "business" | "country" | "province" | "city" | "looking_for" | "occupation", string>>) {
  return db.updateTable("users").set(fields).where("id", "=", memberId).execute();
}

function call(action: typeof addAction, from: TestMember, to: TestMember) {
  return settle(() => action(routeArgs(postRequest("/user/ajax/friend", { friend_user_id: String(to.id) }, from.cookie))));
}

type NotificationItem = { kind: string; outcome: string | null; request: { memberId: number; name: string } | null };

async function notifications(who: TestMember) {
  const response = await settle(() => notificationsLoader(routeArgs(getRequest("/user/notifications", who.cookie))));
  return ((await response.json()) as { notifications: NotificationItem[] }).notifications;
}

describe("member directory", () => {
  test("lists active members other than me, by name, with their details; not disabled, deleted or opted-out ones", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    const zoe = await createSignedInMember({ name: "Zoë Zimmer", memberType: "investor" });
    await createSignedInMember({ name: "Adam Able" });
    const gone = await createSignedInMember({ name: "Gone Member" });
    const deleted = await createSignedInMember({ name: "Deleted Member" });
    const hidden = await createSignedInMember({ name: "Hidden Member" });
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", gone.id).execute();
    await db.updateTable("users").set({ deleted_at: new Date().toISOString() }).where("id", "=", deleted.id).execute();
    await profile(zoe.id, { industry: "Solar energy", business: "Zimmer Solar", country: "DE", city: "Berlin", looking_for: "Installers in Hamburg?" });

    let response = await settle(() => privacyAction(routeArgs(postRequest("/user/settings/privacy", { in_directory: "0" }, hidden.cookie))));
    expect(response.headers.get("Location")).toBe("/user/settings/privacy");
    expect(await flashOf(response)).toEqual({ type: "success", message: "You are no longer listed in the member directory." });
    expect(await (await settle(() => privacyLoader(routeArgs(getRequest("/user/settings/privacy", hidden.cookie))))).json()).toEqual({ inDirectory: false });

    const page = await directory(me);
    expect(names(page)).toEqual(["Adam Able", "Zoë Zimmer"]);
    expect(page.total).toBe(2);
    expect(page.members[1]).toMatchObject({
      id: zoe.id,
      memberType: "Investor",
      business: "Zimmer Solar",
      industry: "Solar energy",
      place: "Berlin, Germany",
      lookingFor: "Installers in Hamburg?",
      friendStatus: "none",
    });
    // Left out of the directory, still found by name.
    const search = await settle(() => searchPageLoader(routeArgs(getRequest("/user/search?q=hidden", me.cookie))));
    expect(((await search.json()) as { results: { name: string }[] }).results.map((item) => item.name)).toEqual(["Hidden Member"]);

    // Back in: the hidden 0 and the ticked box's 1.
    const body = new URLSearchParams([
      ["in_directory", "0"],
      ["in_directory", "1"],
    ]);
    response = await settle(() =>
      privacyAction(
        routeArgs(
          new Request("http://chapter.test/user/settings/privacy", {
            method: "POST",
            body,
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: hidden.cookie },
          }),
        ),
      ),
    );
    expect(await flashOf(response)).toEqual({ type: "success", message: "You are listed in the member directory." });
    expect(names(await directory(me))).toEqual(["Adam Able", "Hidden Member", "Zoë Zimmer"]);
  });

  test("a value other than 0 or 1 for the setting is a 400 and changes nothing", async () => {
    const me = await createSignedInMember();
    const response = await settle(() => privacyAction(routeArgs(postRequest("/user/settings/privacy", { in_directory: "maybe" }, me.cookie))));
    expect(response.status).toBe(400);
    const row = await db.selectFrom("users").select("in_directory").where("id", "=", me.id).executeTakeFirstOrThrow();
    expect(row.in_directory).toBe(1);
  });

  test("filters by member type, industry, country, city and text; the choices come from the listed members", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    const ana = await createSignedInMember({ name: "Ana Lagos", memberType: "investor" });
    const bo = await createSignedInMember({ name: "Bo Berlin" });
    const cy = await createSignedInMember({ name: "Cy Munich" });
    const hidden = await createSignedInMember({ name: "Hidden Hamburg" });
    await profile(ana.id, { industry: "Finance", business: "Lagos Capital", country: "NG", city: "Lagos", looking_for: "Fintech founders" });
    await profile(bo.id, { industry: "Logistics", business: "Spree Freight", country: "DE", city: "Berlin", occupation: "Founder" });
    await profile(cy.id, { industry: "Finance", business: "Isar Bank", country: "DE", city: "Munich" });
    await profile(hidden.id, { industry: "Shipping", country: "DE", city: "Hamburg" });
    await db.updateTable("users").set({ in_directory: 0 }).where("id", "=", hidden.id).execute();

    const all = await directory(me);
    expect(all.choices.industries.map((item) => item.value)).toEqual(["Finance", "Logistics"]);
    expect(all.choices.countries).toEqual([
      { value: "DE", label: "Germany" },
      { value: "NG", label: "Nigeria" },
    ]);
    expect(all.choices.cities.map((item) => item.value)).toEqual(["Berlin", "Lagos", "Munich"]);

    expect(names(await directory(me, "member_type=investor"))).toEqual(["Ana Lagos"]);
    expect(names(await directory(me, "industry=Finance"))).toEqual(["Ana Lagos", "Cy Munich"]);
    const germany = await directory(me, "country=DE");
    expect(names(germany)).toEqual(["Bo Berlin", "Cy Munich"]);
    expect(germany.choices.cities.map((item) => item.value)).toEqual(["Berlin", "Munich"]);
    expect(names(await directory(me, "country=DE&city=Munich"))).toEqual(["Cy Munich"]);
    // A city of another country (the country changed without JavaScript) is dropped.
    const changed = await directory(me, "country=NG&city=Munich");
    expect(names(changed)).toEqual(["Ana Lagos"]);
    expect(changed.filters).toEqual({ country: "NG" });
    expect(names(await directory(me, "industry=Finance&country=DE"))).toEqual(["Cy Munich"]);
    // Text: name (accents aside), business, industry, occupation, "Looking for"; wildcards are literal.
    expect(names(await directory(me, "q=FREIGHT"))).toEqual(["Bo Berlin"]);
    expect(names(await directory(me, "q=fintech"))).toEqual(["Ana Lagos"]);
    expect(names(await directory(me, "q=founder"))).toEqual(["Ana Lagos", "Bo Berlin"]);
    expect(names(await directory(me, "q=munich"))).toEqual(["Cy Munich"]);
    expect(names(await directory(me, "q=hamburg"))).toEqual([]);
    expect(names(await directory(me, "q=%25"))).toEqual([]);
    // Unknown values: an unknown member type is ignored, an unknown industry finds nobody.
    expect(names(await directory(me, "member_type=pirate"))).toEqual(["Ana Lagos", "Bo Berlin", "Cy Munich"]);
    expect((await directory(me, "industry=Nothing")).total).toBe(0);
  });

  test("pages of the directory, the page kept between the first and the last; fast with a thousand members", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    const now = new Date().toISOString();
    const rows = Array.from({ length: 1000 }, (_, index) => {
      const name = `Member ${String(index).padStart(4, "0")}`;
      return {
        email: `directory${index}@example.com`,
        name,
        search_name: searchName(name),
        password_hash: "x",
        role: "member" as const,
        member_type: index % 3 === 0 ? ("investor" as const) : ("entrepreneur" as const),
        industry: `Industry ${index % 20}`,
        country: index % 2 ? "DE" : "NG",
        city: index % 2 ? "Berlin" : "Lagos",
        looking_for: index % 7 === 0 ? "Partners in retail" : null,
        disabled_at: index % 50 === 0 ? now : null,
        created_at: now,
        updated_at: now,
      };
    });
    for (let start = 0; start < rows.length; start += 100)
      await db
        .insertInto("users")
        .values(rows.slice(start, start + 100))
        .execute();

    const first = await directory(me);
    expect(first.total).toBe(980);
    expect(first.pages).toBe(Math.ceil(980 / DIRECTORY_PAGE_SIZE));
    expect(first.members).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.members[0].name).toBe("Member 0001");
    const second = await directory(me, "page=2");
    expect(second.page).toBe(2);
    expect(second.members[0].name).toBe(`Member ${String(DIRECTORY_PAGE_SIZE + 1).padStart(4, "0")}`);
    const beyond = await directory(me, "page=999");
    expect(beyond.page).toBe(first.pages);
    expect(beyond.members).toHaveLength(980 - (first.pages - 1) * DIRECTORY_PAGE_SIZE);
    expect((await directory(me, "page=abc")).page).toBe(1);

    const filtered = await directory(me, "member_type=investor&country=DE&industry=Industry%203&q=retail");
    const expected = rows.filter(
      (row) => !row.disabled_at && row.member_type === "investor" && row.country === "DE" && row.industry === "Industry 3" && row.looking_for,
    );
    expect(names(filtered)).toEqual(expected.map((row) => row.name));

    // A page of the directory, filters and choices included, well under the time a member notices.
    const started = performance.now();
    for (let run = 0; run < 5; run++) await directory(me, "country=DE&page=3");
    expect((performance.now() - started) / 5).toBeLessThan(250);
  });

  test("each card says where I stand with the member; a request sent from the directory shows at once", async () => {
    const me = await createSignedInMember({ name: "Mia Me" });
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    const cy = await createSignedInMember({ name: "Cy" });
    await call(addAction, me, ana);
    await call(addAction, bo, me);
    await call(addAction, cy, me);
    await call(acceptAction, me, cy);
    const page = await directory(me);
    expect(page.members.map((member) => [member.name, member.friendStatus])).toEqual([
      ["Ana", "sent"],
      ["Bo", "received"],
      ["Cy", "friends"],
    ]);
  });

  test("a filter form sent with fields left empty comes back at the clean address: only the filters set", async () => {
    const me = await createSignedInMember();
    const ask = (query: string) => settle(() => directoryLoader(routeArgs(getRequest(`/user/members?${query}`, me.cookie))));
    // Without JS the browser sends every field of the GET form.
    let response = await ask("q=&member_type=&industry=Fintech&country=&city=");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/members?industry=Fintech");
    response = await ask("q=&member_type=&industry=&country=&city=");
    expect(response.headers.get("Location")).toBe("/user/members");
    // The page and a text search are kept; an unknown empty parameter goes too.
    response = await ask("q=ada+lovelace&type=&page=2&industry=");
    expect(response.headers.get("Location")).toBe("/user/members?q=ada+lovelace&page=2");
    // With JS (Remix asks for the data with ?_data) the redirect leads to the page's clean address.
    response = await ask("q=&industry=Fintech&_data=routes%2Fsocial%2Fuser.members._index");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/members?industry=Fintech");
    // A clean address is answered as it is.
    expect((await ask("industry=Fintech")).status).toBe(200);
  });

  test("members only: signed out is sent to sign in", async () => {
    const response = await settle(() => directoryLoader(routeArgs(getRequest("/user/members"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/signin");
  });
});

describe("accepting a friend request from its notification", () => {
  test("the notification offers Accept and Decline while the request waits, then shows the outcome", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    const cy = await createSignedInMember({ name: "Cy" });
    const di = await createSignedInMember({ name: "Di" });
    await call(addAction, ana, bo);
    await call(addAction, cy, bo);
    await call(addAction, di, bo);

    let list = await notifications(bo);
    expect(list.map((item) => [item.kind, item.request?.name, item.outcome])).toEqual([
      ["friend_request", "Di", null],
      ["friend_request", "Cy", null],
      ["friend_request", "Ana", null],
    ]);

    // Another member cannot answer a request that is not theirs: 404, nothing changes.
    expect((await call(acceptAction, cy, ana)).status).toBe(404);
    expect((await call(declineAction, cy, ana)).status).toBe(404);
    list = await notifications(bo);
    expect(list[2].request).toEqual({ memberId: ana.id, name: "Ana" });

    const accepted = await call(acceptAction, bo, ana);
    expect(await flashOf(accepted)).toEqual({ type: "success", message: "You and Ana are now friends." });
    await call(declineAction, bo, cy);
    // Di withdraws after Bo saw the request.
    await call(cancelAction, di, bo);

    list = await notifications(bo);
    expect(list.map((item) => [item.request, item.outcome])).toEqual([
      [null, "withdrawn"],
      [null, "declined"],
      [null, "accepted"],
    ]);
    // Ana is told; her notification carries no buttons.
    const hers = await notifications(ana);
    expect(hers.map((item) => [item.kind, item.request, item.outcome])).toEqual([["friend_accepted", null, null]]);
  });

  test("an answer given on the friends page shows on the notification too, and is no longer news", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    await call(addAction, ana, bo);
    await call(declineAction, bo, ana);
    const row = await db.selectFrom("notifications").select(["outcome", "read_at"]).where("member_id", "=", bo.id).executeTakeFirstOrThrow();
    expect(row.outcome).toBe("declined");
    expect(row.read_at).not.toBeNull();
    // Asking again is a new request with its own buttons.
    await call(addAction, ana, bo);
    const list = await notifications(bo);
    expect(list.map((item) => [item.request?.name ?? null, item.outcome])).toEqual([
      ["Ana", null],
      [null, "declined"],
    ]);
  });

  test("a request from a member since disabled offers no buttons", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    await call(addAction, ana, bo);
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", ana.id).execute();
    expect((await notifications(bo))[0].request).toBeNull();
    expect((await call(acceptAction, bo, ana)).status).toBe(404);
  });
});
