import { describe, expect, test } from "vitest";
import { claimSetupVisit } from "~/lib/club.server";
import { respond, takeFlash } from "~/lib/respond.server";
import { loader as root } from "~/root";
import { action as signUp } from "~/routes/accounts/signup";
import { BASE, cookiesFrom, createSignedInMember, getRequest, postRequest, routeArgs, settle } from "./helpers";

const saved = { type: "success", message: "Saved." } as const;

function formPost(path: string, headers: Record<string, string> = {}) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams({ name: "x" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

describe("respond", () => {
  test("a form post is redirected to `to` with the notification flashed", async () => {
    const response = await respond(formPost("/user/settings/profile"), saved, { to: "/user" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user");
    const [flash] = response.headers.getSetCookie();
    expect(flash).toMatch(/^__flash=[^;]+;/);
    expect(flash).toMatch(/Max-Age=60/i);
    expect(flash).toMatch(/HttpOnly/i);

    const { notification, headers } = await takeFlash(getRequest("/user", cookiesFrom(response)));
    expect(notification).toMatchObject(saved);
    expect(notification?.id).toEqual(expect.any(String));
    expect(new Headers(headers).get("Set-Cookie")).toMatch(/^__flash=;.*Max-Age=0/i);
  });

  test("each flash has its own id, so the same message twice shows twice", async () => {
    const first = await takeFlash(getRequest("/", cookiesFrom(await respond(formPost("/x"), saved, { to: "/" }))));
    const second = await takeFlash(getRequest("/", cookiesFrom(await respond(formPost("/x"), saved, { to: "/" }))));
    expect(first.notification?.id).not.toBe(second.notification?.id);
  });

  test("keeps extra headers, such as another cookie, alongside the flash", async () => {
    const response = await respond(formPost("/x"), saved, { to: "/", headers: { "Set-Cookie": "other=1; Path=/" } });
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toBe("other=1; Path=/");
    expect(cookies[1]).toMatch(/^__flash=/);
  });

  test("without `to` it goes back to the same-site page the form was on", async () => {
    const response = await respond(formPost("/user/settings/profile", { Referer: `${BASE}/user/contacts?q=ada` }), saved);
    expect(response.headers.get("Location")).toBe("/user/contacts?q=ada");
  });

  test("a foreign Referer is ignored: it goes back to the form's own path", async () => {
    const response = await respond(formPost("/user/settings/profile?x=1", { Referer: "https://evil.example/phish" }), saved);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings/profile");
  });

  test("a same-origin Referer whose path starts with // does not become an off-site redirect", async () => {
    // "//evil.example/x" as a Location is protocol-relative: the browser would leave Chapter.
    const response = await respond(formPost("/user/settings/profile", { Referer: `${BASE}//evil.example/x` }), saved);
    expect(response.headers.get("Location")).toBe("/user/settings/profile");
  });

  test("a malformed Referer is ignored rather than failing the request", async () => {
    const response = await respond(formPost("/user/settings/profile", { Referer: "not a url" }), saved);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/settings/profile");
  });

  test("a request path starting with // is not sent back as an off-site Location", async () => {
    const response = await respond(formPost("//evil.example/x"), saved);
    expect(response.headers.get("Location")).toBe("/");
  });

  test("a script asking for JSON gets the notification and where to go, and no flash", async () => {
    const response = await respond(formPost("/x", { Accept: "application/json" }), { type: "error", message: "No." }, { to: "/user" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ type: "error", message: "No.", url: "/user" });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("a Remix fetch (with _data) still gets Post/Redirect/Get", async () => {
    const response = await respond(formPost("/x?_data=routes%2Fx", { Accept: "application/json" }), saved, { to: "/user" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user");
  });

  test("an upload control's XMLHttpRequest to a route with a page (with _data) gets JSON", async () => {
    const response = await respond(formPost("/x?_data=routes%2Fx", { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" }), saved, {
      to: "/user",
    });
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ ...saved, url: "/user" });
  });

  test("takeFlash finds nothing without the cookie, or with a forged one", async () => {
    expect(await takeFlash(getRequest("/"))).toEqual({ notification: null, headers: {} });
    const forged = btoa(JSON.stringify({ type: "success", message: "You won!", id: "1" }));
    expect((await takeFlash(getRequest("/", `__flash=${forged}`))).notification).toBeNull();
  });
});

describe("root loader", () => {
  async function loadRoot(cookie?: string) {
    const response = await settle(() => root(routeArgs(getRequest("/", cookie))));
    return { response, data: await response.json() };
  }

  test("a visitor is not a member and gets an anti-forgery token with its cookie", async () => {
    const { response, data } = await loadRoot();
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ isMember: false, member: null, notification: null });
    expect(data.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__csrf="))).toBe(true);

    const again = await loadRoot(cookiesFrom(response));
    expect(again.data.csrf).toBe(data.csrf);
    expect(again.response.headers.getSetCookie()).toEqual([]);
  });

  test("through the server, a visitor's cookie is set on the server's answer and the data is handed over as it is", async () => {
    const set: string[] = [];
    const request = getRequest("/");
    const data = await root({ ...routeArgs(request), context: { ...routeArgs(request).context, setCookie: (cookie: string) => set.push(cookie) } });
    expect(data).not.toBeInstanceOf(Response);
    expect(data).toMatchObject({ isMember: false, member: null });
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^__csrf=[^;]+;/);
    const { data: again } = await loadRoot(set[0].split(";")[0]);
    expect(again.csrf).toBe((data as { csrf: string }).csrf);
  });

  test("a signed-in member is a member, and sees who they are", async () => {
    const member = await createSignedInMember({ name: "Grace" });
    const { data } = await loadRoot(member.cookie);
    expect(data.isMember).toBe(true);
    expect(data.member).toMatchObject({ id: member.id, name: "Grace", email: member.email, role: "admin" });
  });

  test("shows the flashed notification once and clears it", async () => {
    // The first admin's one visit to the club's page is test/club-settings.test.ts's.
    await claimSetupVisit();
    const signedUp = await settle(() =>
      signUp(routeArgs(postRequest("/signup", { name: "Ada", email: "ada@example.com", password: "long enough", memberType: "investor" }))),
    );
    const { response, data } = await loadRoot(cookiesFrom(signedUp));
    expect(data.isMember).toBe(true);
    expect(data.notification).toMatchObject({ type: "success", message: "Welcome to Chapter, Ada!" });

    const next = cookiesFrom(response, cookiesFrom(signedUp));
    expect(next).not.toMatch(/__flash=/);
    expect((await loadRoot(next)).data.notification).toBeNull();
  });
});
