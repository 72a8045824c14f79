import { describe, expect, test } from "vitest";
import { DEFAULT_INCLUDES } from "~/features/membership/packages";
import { clubSettings } from "~/lib/club.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { loader as root } from "~/root";
import { action, loader } from "~/routes/admin/user.admin.club";
import { action as signUp } from "~/routes/accounts/signup";
import { loader as createEvent } from "~/routes/events/user.events.create";
import { loader as membership } from "~/routes/membership/user.membership";
import { action as pay } from "~/routes/membership/user.membership.pay";
import { loader as newTraining } from "~/routes/trainings/user.trainings.new";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const PATH = "/user/admin/club";

const lagos = {
  name: "Lagos Business Circle",
  timeZone: "Africa/Lagos",
  currency: "NGN",
  bankAccountName: "Lagos Business Circle Ltd",
  bankName: "Example Bank Nigeria",
  bankIban: "0123456789",
  bankBic: "",
  bankInstructions: "Transfers usually arrive the same day.",
  includes_elite: "The monthly breakfast\n\nOur members' directory ",
  includes_millionaires: "",
  includes_elite_millionaires: "",
  digestDay: "friday",
};

function save(member: TestMember, fields: Record<string, string>) {
  return settle(() => action(routeArgs(postRequest(PATH, fields, member.cookie))));
}

async function page(member: TestMember) {
  const response = await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as { defaults: Record<string, string>; timeZones: { value: string }[]; currencies: { value: string }[] };
}

async function json<T>(run: () => Promise<unknown>) {
  const response = await settle(run);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe("the club's page", () => {
  test("shows the environment's values as defaults, and what each package includes by default", async () => {
    const admin = await createSignedInMember();
    const data = await page(admin);
    expect(data.defaults).toMatchObject({
      name: env().CLUB_NAME ?? "Chapter",
      timeZone: (await clubSettings()).timeZone,
      currency: env().PAYMENT_CURRENCY,
      includes_elite: DEFAULT_INCLUDES.elite.join("\n"),
      digestDay: "monday",
    });
    expect(data.timeZones.map((zone) => zone.value)).toContain("Africa/Lagos");
    expect(data.currencies.map((currency) => currency.value)).toContain("NGN");
  });

  test("saves the club's settings, and times, prices and forms follow them at once", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const response = await save(admin, lagos);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(await flashOf(response)).toEqual({ type: "success", message: "The club's settings are saved." });

    expect((await page(admin)).defaults).toMatchObject({
      name: "Lagos Business Circle",
      timeZone: "Africa/Lagos",
      currency: "NGN",
      bankIban: "0123456789",
      digestDay: "friday",
    });
    // A member who chose no zone reads times in the club's.
    expect((await json<{ timeZone: string }>(() => root(routeArgs(getRequest("/user", member.cookie))))).timeZone).toBe("Africa/Lagos");
    const prices = await json<{ currency: string; includes: Record<string, string[]>; paymentsOpen: boolean }>(() =>
      membership(routeArgs(getRequest("/user/membership", member.cookie))),
    );
    expect(prices.currency).toBe("NGN");
    expect(prices.paymentsOpen).toBe(true);
    expect(prices.includes.elite).toEqual(["The monthly breakfast", "Our members' directory"]);
    expect(prices.includes.millionaires).toEqual(DEFAULT_INCLUDES.millionaires);
    // The event and training forms start in the club's zone, amounts in its currency.
    expect(await json(() => createEvent(routeArgs(getRequest("/user/events/create", member.cookie))))).toMatchObject({
      defaultTimeZone: "Africa/Lagos",
      currency: "NGN",
    });
    expect(await json(() => newTraining(routeArgs(getRequest("/user/trainings/new", member.cookie))))).toMatchObject({ defaultTimeZone: "Africa/Lagos" });
    // The member's order is named after the club, in its currency, to its account.
    const ordered = await settle(() => pay(routeArgs(postRequest("/user/membership/pay", { package_type: "elite", MemberShip: "annual" }, member.cookie))));
    expect(ordered.status).toBe(302);
    const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ description: "Lagos Business Circle Elite — Annual Membership", currency: "NGN", amount_cents: 50_000 });
  });

  test("an emptied bank field stays empty (whatever the environment says); the others keep what was stored", async () => {
    const admin = await createSignedInMember();
    await save(admin, lagos);
    await save(admin, { ...lagos, bankInstructions: "" });
    const club = await clubSettings();
    expect(club.bank).toEqual({
      accountName: "Lagos Business Circle Ltd",
      bankName: "Example Bank Nigeria",
      iban: "0123456789",
      bic: null,
      instructions: null,
    });
  });

  test("bad input: a message beside each field, nothing saved", async () => {
    const admin = await createSignedInMember();
    const response = await save(admin, { ...lagos, name: " ", timeZone: "Lagos", currency: "XYZ", bankIban: "" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({
      name: ["Enter the club's name."],
      timeZone: ["Choose a time zone from the list."],
      currency: ["Choose a currency from the list."],
      bankIban: ["Enter the account number or IBAN, or leave the bank details empty."],
    });
    expect(await db.selectFrom("club_settings").selectAll().execute()).toEqual([]);
  });

  test("a change another instance makes is seen within a second", async () => {
    expect((await clubSettings()).currency).toBe(env().PAYMENT_CURRENCY);
    await db.insertInto("club_settings").values({ id: 1, currency: "EUR", updated_at: new Date().toISOString() }).execute();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await clubSettings()).currency).toBe("EUR");
  });

  test("a member who is not an admin gets a 404, reading or saving", async () => {
    await createSignedInMember();
    const member = await createSignedInMember();
    expect((await settle(() => loader(routeArgs(getRequest(PATH, member.cookie))))).status).toBe(404);
    expect((await save(member, lagos)).status).toBe(404);
    expect(await db.selectFrom("club_settings").selectAll().execute()).toEqual([]);
    const visitor = await settle(() => loader(routeArgs(getRequest(PATH))));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/signin/);
  });
});

describe("the first admin", () => {
  const account = (email: string) => ({ name: "Ada Admin", email, password: "a long enough password", memberType: "investor" });

  test("is led to the club's page once, after signing up; the next members go home", async () => {
    const first = await settle(() => signUp(routeArgs(postRequest("/signup", account("first@example.com")))));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(PATH);
    expect((await flashOf(first))?.message).toContain("Start by setting up your club");

    const second = await settle(() => signUp(routeArgs(postRequest("/signup", account("second@example.com")))));
    expect(second.headers.get("Location")).toBe("/user");
  });

  test("is not led there again once it was shown (even as a new first account)", async () => {
    await settle(() => signUp(routeArgs(postRequest("/signup", account("first@example.com")))));
    await db.deleteFrom("sessions").execute();
    await db.deleteFrom("users").execute();
    const again = await settle(() => signUp(routeArgs(postRequest("/signup", account("again@example.com")))));
    expect(again.headers.get("Location")).toBe("/user");
  });

  test("a form without the digest's day (an older page) keeps the stored day", async () => {
    const admin = await createSignedInMember();
    expect((await save(admin, lagos)).status).toBe(302);
    const { digestDay: _day, ...older } = lagos;
    expect((await save(admin, older)).status).toBe(302);
    expect((await page(admin)).defaults).toMatchObject({ digestDay: "friday" });
    expect((await save(admin, { ...lagos, digestDay: "someday" })).status).toBe(400);
  });
});
