import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { sendMail } from "~/lib/mail.server";
import { getMember, listSessions, requireAdmin, requireMember, safeRedirect, startSession } from "~/lib/session.server";
import { loader as adminIndex } from "~/routes/admin/user.admin._index";
import { loader as outboxMessage } from "~/routes/admin/user.admin.outbox.$messageId";
import { loader as outbox } from "~/routes/admin/user.admin.outbox";
import { action as signOutSession, loader as confirmSignOutSession } from "~/routes/settings/user.settings.security.sessions.$sessionId.sign-out";
import { action as signOutOthers } from "~/routes/settings/user.settings.security.sign-out-others";
import { loader as security } from "~/routes/settings/user.settings.security";
import { action as signOut, loader as signOutPage } from "~/routes/accounts/signout";
import { BASE, cookiesFrom, createSignedInMember, flashOf, getRequest, postRequest, routeArgs, sessionIdOf, settle, type TestMember } from "./helpers";
import { importRoute, routeFiles } from "./route-files";

/** Another signed-in browser of the same member; returns its Cookie header. */
async function anotherSession(member: TestMember, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0") {
  const request = new Request(`${BASE}/signin`, { headers: { "User-Agent": userAgent } });
  return cookiesFrom(await startSession(request, member.id, { redirectTo: "/user", clientIp: "192.0.2.9" }));
}

function sessionIds(memberId: number) {
  return db
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", memberId)
    .execute()
    .then((rows) => rows.map((row) => row.id).sort());
}

describe("requireMember", () => {
  // Every route module under /user, present and future: each loader and action sends a
  // visitor to sign in before doing anything.
  // Upload endpoints answer a GET by sending the browser to the page with the form (itself
  // guarded) and read nothing; their actions are still checked.
  const REDIRECT_ONLY_LOADERS: Record<string, string> = {
    "user.ajax.file_upload.profile": "/user/settings/photos",
    "user.ajax.file_upload.cover_image": "/user/settings/photos",
  };
  const memberRoutes = routeFiles()
    .map(({ file }) => file)
    .filter((file) => /^user[._].*\.tsx?$|^user\.tsx?$/.test(file))
    .map((file) => {
      const name = file.replace(/\.tsx?$/, "");
      const params: Record<string, string> = {};
      const segments = name
        .split(".")
        .filter((segment) => segment !== "_index")
        .map((segment) => {
          if (!segment.startsWith("$")) return segment;
          params[segment.slice(1)] = "1";
          return "1";
        });
      return { file, name, path: `/${segments.join("/")}`, params };
    });

  test("the /user routes are all found", () => {
    expect(memberRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/user", "/user/settings/profile", "/user/admin/outbox/1", "/user/settings/security/sessions/1/sign-out"]),
    );
  });

  test.each(memberRoutes)("a visitor's GET and POST to $file are sent to sign in", async ({ name, path: routePath, params }) => {
    const module = await importRoute<{
      loader?: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
      action?: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
    }>(name);
    const signIn = `/signin?${new URLSearchParams({ redirectTo: `${routePath}?x=1` })}`;
    if (module.loader) {
      const response = await settle(() => module.loader!(routeArgs(getRequest(`${routePath}?x=1`), params)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(REDIRECT_ONLY_LOADERS[name] ?? signIn);
    }
    if (module.action) {
      const response = await settle(() => module.action!(routeArgs(postRequest(`${routePath}?x=1`, { name: "x" }), params)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(signIn);
    }
    expect(module.loader ?? module.action).toBeDefined();
  });

  test("a forged or foreign cookie is no session", async () => {
    const member = await createSignedInMember();
    const tampered = member.cookie.replace(/__session=([^;]*)/, (_, value: string) => `__session=x${value}`);
    expect(await getMember(getRequest("/user", tampered))).toBeNull();
    expect(await getMember(getRequest("/user", "__session=not-signed"))).toBeNull();
  });

  test("an expired session is treated as signed out", async () => {
    const member = await createSignedInMember();
    await db.updateTable("sessions").set({ expires_at: "2001-01-01T00:00:00.000Z" }).where("user_id", "=", member.id).execute();

    expect(await getMember(getRequest("/user", member.cookie))).toBeNull();
    const response = await settle(() => requireMember(getRequest("/user/settings", member.cookie)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser%2Fsettings");
    expect(await listSessions(member.id)).toEqual([]);
  });

  test("a session in use is marked as seen, at most every few minutes", async () => {
    const member = await createSignedInMember();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await db.updateTable("sessions").set({ last_seen_at: hourAgo }).where("user_id", "=", member.id).execute();
    await getMember(getRequest("/user", member.cookie));
    const [session] = await db.selectFrom("sessions").select("last_seen_at").where("user_id", "=", member.id).execute();
    expect(Date.parse(session.last_seen_at)).toBeGreaterThan(Date.parse(hourAgo));
  });
});

describe("safeRedirect", () => {
  test.each(["/user", "/user/settings/profile?tab=place#top", "/signin?redirectTo=%2Fuser"])("keeps the same-site path %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  test.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "javascript:alert(1)",
    " /user",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/user");
    expect(safeRedirect(to, "/")).toBe("/");
  });

  test("refuses what is not text", () => {
    expect(safeRedirect(null)).toBe("/user");
    expect(safeRedirect(undefined)).toBe("/user");
    expect(safeRedirect(new File(["/user"], "x"))).toBe("/user");
  });
});

describe("requireAdmin", () => {
  test("the admin reads the outbox; a member gets 404 for the list and for a message", async () => {
    const admin = await createSignedInMember({ name: "Admin" });
    const member = await createSignedInMember({ name: "Member" });
    await sendMail({ to: "x@example.com", subject: "Hello", text: "Open http://chapter.test/reset-password/abc now" });

    const list = await settle(() => outbox(routeArgs(getRequest("/user/admin/outbox", admin.cookie))));
    expect(list.status).toBe(200);
    const { messages } = await list.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: "x@example.com", subject: "Hello" });

    const one = await settle(() => outboxMessage(routeArgs(getRequest(`/user/admin/outbox/${messages[0].id}`, admin.cookie), { messageId: messages[0].id })));
    expect(one.status).toBe(200);
    expect((await one.json()).links).toEqual(["http://chapter.test/reset-password/abc"]);

    const denied = await settle(() => outbox(routeArgs(getRequest("/user/admin/outbox", member.cookie))));
    expect(denied.status).toBe(404);
    const deniedOne = await settle(() =>
      outboxMessage(routeArgs(getRequest(`/user/admin/outbox/${messages[0].id}`, member.cookie), { messageId: messages[0].id })),
    );
    expect(deniedOne.status).toBe(404);
    expect((await settle(() => adminIndex(routeArgs(getRequest("/user/admin", member.cookie))))).status).toBe(404);
    expect((await settle(() => requireAdmin(getRequest("/user/admin", member.cookie)))).status).toBe(404);
  });

  test("the admin gets 404 for a message that is not there or a path outside the outbox", async () => {
    const admin = await createSignedInMember();
    for (const messageId of ["2026-01-01-nothing", "../secrets", "..%2Fsecrets"]) {
      const response = await settle(() => outboxMessage(routeArgs(getRequest("/user/admin/outbox/x", admin.cookie), { messageId })));
      expect(response.status).toBe(404);
    }
  });
});

describe("sign out", () => {
  test("ends the session row, clears the cookie and says so", async () => {
    const member = await createSignedInMember();
    const other = await anotherSession(member);
    const sessionId = await sessionIdOf(member.cookie);

    const response = await settle(() => signOut(routeArgs(postRequest("/signout", {}, member.cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().find((header) => header.startsWith("__session="))).toMatch(/^__session=;.*Max-Age=0/i);
    expect(cookiesFrom(response, member.cookie)).not.toMatch(/__session=/);
    expect(await flashOf(response)).toEqual({ type: "info", message: "You are signed out." });

    expect(await sessionIds(member.id)).toEqual([await sessionIdOf(other)]);
    expect(await sessionIds(member.id)).not.toContain(sessionId);
    // The old cookie, replayed, no longer signs anyone in.
    expect(await getMember(getRequest("/user", member.cookie))).toBeNull();
    expect(await getMember(getRequest("/user", other))).not.toBeNull();
  });

  test("a GET to /signout changes nothing", async () => {
    const member = await createSignedInMember();
    const response = await signOutPage();
    expect(response.status).toBe(302);
    expect(await getMember(getRequest("/user", member.cookie))).not.toBeNull();
  });
});

describe("sessions page", () => {
  test("lists the member's own sessions only and marks the current one", async () => {
    const member = await createSignedInMember();
    const phone = await anotherSession(member, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    const stranger = await createSignedInMember();

    const response = await settle(() => security(routeArgs(getRequest("/user/settings/security", member.cookie))));
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as { sessions: { id: string; current: boolean; ip: string | null; user_agent: string | null }[] };

    expect(sessions.map((session) => session.id).sort()).toEqual(await sessionIds(member.id));
    expect(sessions.map((session) => session.id)).not.toContain(await sessionIdOf(stranger.cookie));
    expect(sessions.filter((session) => session.current).map((session) => session.id)).toEqual([await sessionIdOf(member.cookie)]);
    const phoneId = await sessionIdOf(phone);
    expect(sessions.find((session) => session.id === phoneId)).toMatchObject({
      current: false,
      ip: "192.0.2.9",
      user_agent: expect.stringContaining("iPhone"),
    });
  });
});

/** Opens the sign-out confirmation of session `id` and posts it, as `member`. */
async function signOutAttempt(member: TestMember, id: string) {
  const path = `/user/settings/security/sessions/${id}/sign-out`;
  const confirm = await settle(() => confirmSignOutSession(routeArgs(getRequest(path, member.cookie), { sessionId: id })));
  const response = await settle(() => signOutSession(routeArgs(postRequest(path, {}, member.cookie), { sessionId: id })));
  return { confirm, response };
}

describe("signing out one other session", () => {
  test("signs out the member's other session and keeps the rest", async () => {
    const member = await createSignedInMember();
    const laptop = await anotherSession(member);
    const phone = await anotherSession(member);
    const { confirm, response } = await signOutAttempt(member, (await sessionIdOf(laptop))!);
    expect(confirm.status).toBe(200);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings/security");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Session signed out." });
    expect(await sessionIds(member.id)).toEqual([await sessionIdOf(member.cookie), await sessionIdOf(phone)].sort());
    expect(await getMember(getRequest("/user", laptop))).toBeNull();
  });

  test("answers 404 for another member's session and leaves it alone", async () => {
    const member = await createSignedInMember();
    const stranger = await createSignedInMember();
    const { confirm, response } = await signOutAttempt(member, (await sessionIdOf(stranger.cookie))!);
    expect(confirm.status).toBe(404);
    expect(response.status).toBe(404);
    expect(await getMember(getRequest("/user", stranger.cookie))).toMatchObject({ id: stranger.id });
  });

  test("answers 404 for the member's own current session (signing out is /signout's job)", async () => {
    const member = await createSignedInMember();
    const { confirm, response } = await signOutAttempt(member, (await sessionIdOf(member.cookie))!);
    expect(confirm.status).toBe(404);
    expect(response.status).toBe(404);
    expect(await getMember(getRequest("/user", member.cookie))).not.toBeNull();
  });

  test("answers 404 for a session that does not exist", async () => {
    const member = await createSignedInMember();
    const response = await settle(() =>
      signOutSession(routeArgs(postRequest("/user/settings/security/sessions/nope/sign-out", {}, member.cookie), { sessionId: "nope" })),
    );
    expect(response.status).toBe(404);
  });
});

describe("signing out all other sessions", () => {
  test("ends every other session of the member, keeps the current one and other members' sessions", async () => {
    const member = await createSignedInMember();
    await anotherSession(member);
    await anotherSession(member);
    const stranger = await createSignedInMember();

    const response = await settle(() => signOutOthers(routeArgs(postRequest("/user/settings/security/sign-out-others", {}, member.cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings/security");
    expect(await flashOf(response)).toEqual({ type: "success", message: "2 other sessions are signed out." });
    expect(await sessionIds(member.id)).toEqual([await sessionIdOf(member.cookie)]);
    expect(await getMember(getRequest("/user", member.cookie))).not.toBeNull();
    expect(await getMember(getRequest("/user", stranger.cookie))).not.toBeNull();
  });

  test("says so in the singular for one session", async () => {
    const member = await createSignedInMember();
    await anotherSession(member);
    const response = await settle(() => signOutOthers(routeArgs(postRequest("/user/settings/security/sign-out-others", {}, member.cookie))));
    expect(await flashOf(response)).toEqual({ type: "success", message: "One other session is signed out." });
  });
});
