import { beforeEach, describe, expect, test } from "vitest";
import { createMember, verifyCredentials } from "~/features/members/members.server";
import { claimSetupVisit } from "~/lib/club.server";
import { sql } from "kysely";
import { db, nowIso } from "~/lib/db.server";
import { databaseUrl, isPostgresUrl } from "~/lib/env.server";
import { getMember } from "~/lib/session.server";
import { action, loader } from "~/routes/accounts/signup";
import { cookiesFrom, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle } from "./helpers";

const valid = { name: "Ada Lovelace", email: "ada@example.com", password: "analytical engine", memberType: "investor" };

function signUp(fields: Record<string, string>, cookie?: string) {
  return settle(() => action(routeArgs(postRequest("/signup", fields, cookie))));
}

async function users() {
  return db.selectFrom("users").selectAll().orderBy("id").execute();
}

describe("sign up", () => {
  // The first admin's one visit to the club's page is test/club-settings.test.ts's.
  beforeEach(async () => {
    await claimSetupVisit();
  });

  test("creates the member, signs them in and welcomes them on /user", async () => {
    const response = await signUp({ ...valid, email: "  Ada@Example.COM " });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user");
    const cookie = cookiesFrom(response);
    expect(cookie).toMatch(/__session=/);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Welcome to Chapter, Ada Lovelace!" });

    const [user] = await users();
    expect(user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", member_type: "investor" });
    expect(user.password_hash).not.toContain("analytical engine");
    expect(await verifyCredentials("ada@example.com", "analytical engine")).toBe(user.id);

    const member = await getMember(getRequest("/user", cookie));
    expect(member).toMatchObject({ id: user.id, email: "ada@example.com" });
    const sessions = await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].ip).toBe("203.0.113.7");
  });

  test("returns to a same-site redirectTo", async () => {
    const response = await signUp({ ...valid, redirectTo: "/user/settings/profile?tab=place" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings/profile?tab=place");
  });

  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would land on evil.example.
  test.each(["https://evil.example", "//evil.example", "/\\evil.example", "evil.example/user", "/\t/evil.example", "/\t\\evil.example"])(
    "ignores the off-site redirectTo %s and goes to /user",
    async (redirectTo) => {
      const response = await signUp({ ...valid, redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/user");
    },
  );

  test("the first account is the admin, the next ones are members", async () => {
    await signUp(valid);
    await signUp({ ...valid, name: "Bob", email: "bob@example.com" });
    await signUp({ ...valid, name: "Cy", email: "cy@example.com" });
    expect((await users()).map((user) => [user.email, user.role])).toEqual([
      ["ada@example.com", "admin"],
      ["bob@example.com", "member"],
      ["cy@example.com", "member"],
    ]);
  });

  test("two sign-ups at the same moment on a fresh install (two instances): one admin, the first in id order", async () => {
    const ada = { name: "Ada", email: "ada@example.com", password: "analytical engine", memberType: "investor" as const };
    const bob = { name: "Bob", email: "bob@example.com", password: "analytical engine", memberType: "investor" as const };
    if (isPostgresUrl(databaseUrl())) {
      // The moment that decides it, made to happen: Ada's row has its id but is not committed
      // yet (its INSERT waits on an uncommitted row with the same e-mail, held here) while Bob
      // signs up; only then does Ada's go through.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = db
        .transaction()
        .execute(async (trx) => {
          const now = nowIso();
          await trx
            .insertInto("users")
            .values({
              name: "Held",
              search_name: "held",
              email: ada.email,
              password_hash: "x",
              role: "member",
              member_type: "investor",
              created_at: now,
              updated_at: now,
            })
            .execute();
          held();
          await released;
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await holding;
      const waiting = async (count: number) => {
        for (;;) {
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
          if (rows[0].n >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const first = createMember(ada);
      await waiting(1);
      const second = createMember(bob);
      // Bob's sign-up either ends or waits for Ada's.
      await Promise.race([second, waiting(2)]);
      release();
      await holder;
      await Promise.all([first, second]);
    } else {
      await Promise.all([createMember(ada), createMember(bob)]);
    }
    // The lowest id is the admin, alone (on SQLite either may have gone first).
    const rows = await users();
    expect(rows.map((user) => user.role)).toEqual(["admin", "member"]);
    expect(rows.map((user) => user.email).sort()).toEqual([ada.email, bob.email]);
  });

  test("answers every field's problem at once, keeps no password, creates nothing", async () => {
    const response = await signUp({ name: "   ", email: "not-an-email", password: "short" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({
      name: ["Name is required."],
      email: ["Please provide a valid email address."],
      password: ["Use at least 8 characters."],
      memberType: ["Choose entrepreneur, investor or business contact."],
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await users()).toEqual([]);
  });

  test("does not echo the password back to the form", async () => {
    const response = await signUp({ ...valid, name: "" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain(valid.password);
    expect(body.result.initialValue.email).toBe("ada@example.com");
  });

  test("rejects an unknown member type", async () => {
    const response = await signUp({ ...valid, memberType: "admin" });
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).memberType).toEqual(["Choose entrepreneur, investor or business contact."]);
    expect(await users()).toEqual([]);
  });

  test("refuses an e-mail that already has an account, whatever its case", async () => {
    await createMember({ name: "Ada", email: "ada@example.com", password: "first password", memberType: "investor" });
    const response = await signUp({ ...valid, name: "Impostor", email: "ADA@example.com", password: "second password" });
    expect(response.status).toBe(400);
    expect((await replyErrors(response)).email).toEqual(["An account with this e-mail already exists. Sign in instead."]);
    const rows = await users();
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe("Ada");
    expect(await verifyCredentials("ada@example.com", "first password")).toBe(rows[0].id);
  });

  test("a signed-in member is sent to /user instead", async () => {
    const member = await createSignedInMember();
    const page = await settle(() => loader(routeArgs(getRequest("/signup", member.cookie))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/user");

    const post = await signUp({ ...valid, email: "another@example.com" }, member.cookie);
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/user");
    expect(await users()).toHaveLength(1);
  });

  test("a visitor sees the form", async () => {
    const page = await settle(() => loader(routeArgs(getRequest("/signup"))));
    expect(page.status).toBe(200);
    expect((await page.json()).constraint.password).toMatchObject({ required: true, minLength: 8 });
  });
});
