import { describe, expect, test } from "vitest";
import { disableMember, searchMembers } from "~/features/members/admin-members.server";
import { db } from "~/lib/db.server";
import { getMember } from "~/lib/session.server";
import { action as disable, loader as confirmDisable } from "~/routes/admin/user.admin.members.$memberId.disable";
import { action as membersAction, loader as members } from "~/routes/admin/user.admin.members";
import { action as signIn } from "~/routes/accounts/signin";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

type Row = { id: number; name: string; email: string; memberTypeLabel: string; role: string; disabled_at: string | null; you: boolean };
type Page = { q: string; members: Row[]; total: number; page: number; pageCount: number };

async function listAs(admin: TestMember, search = "") {
  const response = await settle(() => members(routeArgs(getRequest(`/user/admin/members${search}`, admin.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

function disablePath(memberId: number, search = "") {
  return `/user/admin/members/${memberId}/disable${search}`;
}

async function disableAs(admin: TestMember, memberId: number, search = "") {
  return settle(() => disable(routeArgs(postRequest(disablePath(memberId, search), {}, admin.cookie), { memberId: String(memberId) })));
}

async function enableAs(admin: TestMember, memberId: number | string, search = "") {
  return settle(() => membersAction(routeArgs(postRequest(`/user/admin/members${search}`, { intent: "enable", memberId: String(memberId) }, admin.cookie))));
}

async function trySignIn(member: TestMember) {
  return settle(() =>
    signIn(
      routeArgs(
        new Request(`${BASE}/signin`, {
          method: "POST",
          body: new URLSearchParams({ email: member.email, password: member.password }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    ),
  );
}

describe("who may manage members", () => {
  test("a plain member gets 404 from the list, the confirm dialog and both actions, and nothing changes", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", other.id).execute();

    const answers = [
      await settle(() => members(routeArgs(getRequest("/user/admin/members", member.cookie)))),
      await settle(() => confirmDisable(routeArgs(getRequest(disablePath(admin.id), member.cookie), { memberId: String(admin.id) }))),
      await disableAs(member, admin.id),
      await enableAs(member, other.id),
    ];
    expect(answers.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    expect(await getMember(getRequest("/user", admin.cookie))).toMatchObject({ id: admin.id, role: "admin" });
    const { disabled_at } = await db.selectFrom("users").select("disabled_at").where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(disabled_at).not.toBeNull();
  });

  test("a visitor is sent to sign in", async () => {
    const response = await settle(() => members(routeArgs(getRequest("/user/admin/members?q=x"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser%2Fadmin%2Fmembers%3Fq%3Dx");
  });
});

describe("the members list", () => {
  test("shows each account's name, e-mail, type, role, join date and status, newest first", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin", email: "ada@example.com" });
    const investor = await createSignedInMember({ name: "Ivy Investor", email: "ivy@example.com", memberType: "investor" });
    await db.updateTable("users").set({ created_at: "2030-01-01T00:00:00.000Z" }).where("id", "=", investor.id).execute();
    await db.updateTable("users").set({ created_at: "2029-01-01T00:00:00.000Z" }).where("id", "=", admin.id).execute();

    const page = await listAs(admin);
    expect(page).toMatchObject({ q: "", total: 2, page: 1, pageCount: 1 });
    expect(page.members).toEqual([
      expect.objectContaining({ name: "Ivy Investor", email: "ivy@example.com", memberTypeLabel: "Investor", role: "member", disabled_at: null, you: false }),
      expect.objectContaining({ name: "Ada Admin", email: "ada@example.com", memberTypeLabel: "Entrepreneur", role: "admin", you: true }),
    ]);
    expect(page.members[0]).toMatchObject({ created_at: "2030-01-01T00:00:00.000Z" });
  });

  test("searches names and e-mails, whatever the case, and takes % and _ literally", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin", email: "ada@example.com" });
    await createSignedInMember({ name: "Bob Builder", email: "bob@builders.test" });
    await createSignedInMember({ name: "Carla Mendes", email: "carla@example.com" });
    await createSignedInMember({ name: "Dan 100% Sure", email: "dan_x@example.com" });

    const names = async (q: string) => (await listAs(admin, `?q=${encodeURIComponent(q)}`)).members.map((m) => m.name).sort();
    expect(await names("BOB")).toEqual(["Bob Builder"]);
    expect(await names("mEnDeS")).toEqual(["Carla Mendes"]);
    expect(await names("BUILDERS.TEST")).toEqual(["Bob Builder"]);
    expect(await names("example.com")).toEqual(["Ada Admin", "Carla Mendes", "Dan 100% Sure"]);
    expect(await names("  carla  ")).toEqual(["Carla Mendes"]);
    expect(await names("%")).toEqual(["Dan 100% Sure"]);
    expect(await names("_")).toEqual(["Dan 100% Sure"]);
    expect(await names("nobody")).toEqual([]);
    expect((await listAs(admin, "?q=BOB")).q).toBe("BOB");
  });

  test("pages by 25, newest first, keeping the search", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin" });
    const start = Date.UTC(2030, 0, 1);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      name: `Partner ${String(i + 1).padStart(2, "0")}`,
      email: `partner${i + 1}@example.com`,
      password_hash: "x",
      role: "member" as const,
      member_type: "entrepreneur" as const,
      created_at: new Date(start + i * 60_000).toISOString(),
      updated_at: new Date(start).toISOString(),
    }));
    await db.insertInto("users").values(rows).execute();

    const first = await listAs(admin, "?q=partner");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.members).toHaveLength(25);
    expect(first.members[0].name).toBe("Partner 30");
    expect(first.members[24].name).toBe("Partner 06");

    const second = await listAs(admin, "?q=partner&page=2");
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.members.map((m) => m.name)).toEqual(["Partner 05", "Partner 04", "Partner 03", "Partner 02", "Partner 01"]);

    const everyone = await listAs(admin, "?page=2");
    expect(everyone).toMatchObject({ total: 31, page: 2, pageCount: 2 });
    expect(everyone.members.map((m) => m.name)).toContain("Ada Admin");

    // Out-of-range or malformed pages are clamped, never an error.
    expect((await listAs(admin, "?q=partner&page=9")).page).toBe(2);
    expect((await listAs(admin, "?q=partner&page=0")).page).toBe(1);
    expect((await listAs(admin, "?q=partner&page=abc")).page).toBe(1);
    expect(await searchMembers({ q: "nobody", page: 3 })).toMatchObject({ total: 0, page: 1, pageCount: 1, members: [] });
  });
});

describe("disabling and enabling an account", () => {
  test("disabling signs the member out everywhere and keeps them out; enabling lets them back in", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember({ name: "Mo Member" });
    const bystander = await createSignedInMember();
    const path = disablePath(member.id, "?q=mo");

    const confirm = await settle(() => confirmDisable(routeArgs(getRequest(path, admin.cookie), { memberId: String(member.id) })));
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ name: "Mo Member", email: member.email });
    expect(await getMember(getRequest("/user", member.cookie))).not.toBeNull();

    const response = await disableAs(admin, member.id, "?q=mo");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/admin/members?q=mo");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Mo Member's account is disabled and signed out." });

    expect(await getMember(getRequest("/user", member.cookie))).toBeNull();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", member.id).execute()).toEqual([]);
    expect(await getMember(getRequest("/user", bystander.cookie))).not.toBeNull();
    const refused = await trySignIn(member);
    expect(refused.status).toBe(400);
    expect((await replyErrors(refused))[""]).toEqual(["The e-mail or password is not right."]);
    expect((await listAs(admin, "?q=mo")).members[0].disabled_at).not.toBeNull();

    const again = await disableAs(admin, member.id);
    expect(await flashOf(again)).toEqual({ type: "info", message: "Mo Member's account was already disabled." });

    const enabled = await enableAs(admin, member.id, "?q=mo&page=1");
    expect(enabled.status).toBe(302);
    expect(enabled.headers.get("Location")).toBe("/user/admin/members?q=mo&page=1");
    expect(await flashOf(enabled)).toEqual({ type: "success", message: "Mo Member's account is enabled; they can sign in again." });
    expect((await listAs(admin, "?q=mo")).members[0].disabled_at).toBeNull();
    // The old sessions stay ended; signing in works again.
    expect(await getMember(getRequest("/user", member.cookie))).toBeNull();
    const signedIn = await trySignIn(member);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/user");
  });

  test("an admin cannot disable their own account", async () => {
    const admin = await createSignedInMember();
    await createSignedInMember();
    const confirm = await settle(() => confirmDisable(routeArgs(getRequest(disablePath(admin.id), admin.cookie), { memberId: String(admin.id) })));
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toBe("You cannot disable your own account. Another admin can.");
    const response = await disableAs(admin, admin.id);
    expect(response.status).toBe(400);
    expect(await getMember(getRequest("/user", admin.cookie))).toMatchObject({ id: admin.id });
    expect(await disableMember(admin.id, admin.id)).toBe("self");
  });

  test("another admin may be disabled, but never the last active admin", async () => {
    const first = await createSignedInMember();
    const second = await createSignedInMember();
    const member = await createSignedInMember();
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", second.id).execute();

    const response = await disableAs(second, first.id);
    expect(response.status).toBe(302);
    expect(await getMember(getRequest("/user", first.cookie))).toBeNull();

    // The remaining admin is the last one: no one may disable them (here: a rule-level check,
    // since the only one allowed through the routes, an admin, may not disable themselves).
    expect(await disableMember(member.id, second.id)).toBe("last-admin");
    expect(await disableMember(first.id, second.id)).toBe("last-admin");
    expect(await getMember(getRequest("/user", second.cookie))).toMatchObject({ id: second.id, role: "admin" });
    // A plain member can still be disabled.
    expect(await disableMember(second.id, member.id)).toBe("disabled");
  });

  test.each(["0", "abc", "1.5", "-1", "99999999999", "424242"])("answers 404, not 500, for the account %j", async (memberId) => {
    const admin = await createSignedInMember();
    const path = `/user/admin/members/${memberId}/disable`;
    expect((await settle(() => confirmDisable(routeArgs(getRequest(path, admin.cookie), { memberId })))).status).toBe(404);
    expect((await settle(() => disable(routeArgs(postRequest(path, {}, admin.cookie), { memberId })))).status).toBe(404);
    expect((await enableAs(admin, memberId)).status).toBe(404);
  });

  test("an unknown intent on the list is a 400", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const response = await settle(() =>
      membersAction(routeArgs(postRequest("/user/admin/members", { intent: "delete", memberId: String(member.id) }, admin.cookie))),
    );
    expect(response.status).toBe(400);
  });
});
