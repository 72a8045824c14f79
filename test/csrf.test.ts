import type { ActionFunctionArgs, ServerBuild } from "@remix-run/node";
import { describe, expect, test, vi } from "vitest";
import { CSRF_FIELD, CSRF_HEADER, csrfToken, protectActions, verifyCsrf } from "~/lib/csrf.server";
import { BASE, context, getRequest, multipartRequest, postRequest, settle } from "./helpers";

/** A visitor's token and the Cookie header their browser sends with it. */
async function visitor() {
  const { token, setCookie } = await csrfToken(getRequest("/"));
  return { token, cookie: setCookie!.split(";")[0] };
}

async function rejection(request: Request) {
  const response = await settle(() => verifyCsrf(request).then(() => new Response("passed")));
  return { status: response.status, text: await response.text() };
}

describe("csrfToken", () => {
  test("issues a random token and a cookie for a new visitor", async () => {
    const first = await csrfToken(getRequest("/"));
    const second = await csrfToken(getRequest("/"));
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.setCookie).toMatch(/^__csrf=[^;]+;/);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Lax/i);
    expect(first.setCookie).not.toMatch(/Secure/i);
  });

  test("marks the cookie Secure over https", async () => {
    const { setCookie } = await csrfToken(new Request("https://chapter.example/"));
    expect(setCookie).toMatch(/Secure/i);
  });

  test("reuses the token of the visitor's cookie", async () => {
    const { token, cookie } = await visitor();
    expect(await csrfToken(getRequest("/user", cookie))).toEqual({ token, setCookie: null });
  });

  test("does not trust an unsigned cookie", async () => {
    const forged = await csrfToken(getRequest("/", `__csrf=${btoa(JSON.stringify("chosen-by-attacker"))}`));
    expect(forged.token).not.toBe("chosen-by-attacker");
    expect(forged.setCookie).not.toBeNull();
  });
});

describe("verifyCsrf", () => {
  test("lets safe methods through without a token", async () => {
    await expect(verifyCsrf(getRequest("/user"))).resolves.toBeUndefined();
    await expect(verifyCsrf(new Request(`${BASE}/user`, { method: "HEAD" }))).resolves.toBeUndefined();
  });

  test("refuses a POST without a token with 403 and an explanation", async () => {
    const { cookie } = await visitor();
    const result = await rejection(postRequest("/user/settings/profile", { name: "x" }, cookie));
    expect(result.status).toBe(403);
    expect(result.text).toMatch(/This form has expired or did not come from Chapter/);
  });

  test("refuses a POST with another token", async () => {
    const { cookie } = await visitor();
    const other = await visitor();
    expect((await rejection(postRequest("/x", { [CSRF_FIELD]: other.token }, cookie))).status).toBe(403);
    expect((await rejection(postRequest("/x", { [CSRF_FIELD]: "" }, cookie))).status).toBe(403);
  });

  test("refuses a POST whose token has no cookie to match", async () => {
    const { token } = await visitor();
    expect((await rejection(postRequest("/x", { [CSRF_FIELD]: token }))).status).toBe(403);
  });

  test("refuses other unsafe methods the same way", async () => {
    const { cookie } = await visitor();
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const request = new Request(`${BASE}/x`, { method, headers: { Cookie: cookie } });
      expect((await rejection(request)).status).toBe(403);
    }
  });

  test("accepts the token as a urlencoded field, and the action can still read the form", async () => {
    const { token, cookie } = await visitor();
    const request = postRequest("/x", { [CSRF_FIELD]: token, name: "Ada" }, cookie);
    await expect(verifyCsrf(request)).resolves.toBeUndefined();
    expect((await request.formData()).get("name")).toBe("Ada");
  });

  test("accepts the token as a multipart field, and the action can still read the form", async () => {
    const { token, cookie } = await visitor();
    const request = multipartRequest("/x", { [CSRF_FIELD]: token, name: "Ada" }, cookie);
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data/);
    await expect(verifyCsrf(request)).resolves.toBeUndefined();
    expect((await request.formData()).get("name")).toBe("Ada");
  });

  test("accepts the token in the X-CSRF-Token header, whatever the body", async () => {
    const { token, cookie } = await visitor();
    const request = new Request(`${BASE}/x`, {
      method: "POST",
      body: JSON.stringify({ hello: "world" }),
      headers: { Cookie: cookie, [CSRF_HEADER]: token, "Content-Type": "application/json" },
    });
    await expect(verifyCsrf(request)).resolves.toBeUndefined();
    expect(await request.json()).toEqual({ hello: "world" });
  });

  test("a JSON body cannot carry the token", async () => {
    const { token, cookie } = await visitor();
    const request = new Request(`${BASE}/x`, {
      method: "POST",
      body: JSON.stringify({ [CSRF_FIELD]: token }),
      headers: { Cookie: cookie, "Content-Type": "application/json" },
    });
    expect((await rejection(request)).status).toBe(403);
  });
});

describe("protectActions", () => {
  function fakeBuild() {
    const action = vi.fn(async ({ request }: ActionFunctionArgs) => new Response(`saved ${(await request.formData()).get("name")}`));
    const loader = vi.fn(async () => new Response("page"));
    const build = {
      mode: "production",
      entry: { module: {} },
      routes: {
        root: { id: "root", path: "", module: { default: () => null, loader } },
        "routes/thing": { id: "routes/thing", parentId: "root", path: "thing", module: { default: () => null, action, loader } },
      },
    } as unknown as ServerBuild;
    return { build, action, loader };
  }

  function callAction(build: ServerBuild, request: Request) {
    const action = build.routes["routes/thing"].module.action!;
    return settle(async () => action({ request, params: {}, context }));
  }

  test("a tokenless POST gets 403 and the route's action never runs", async () => {
    const { build, action } = fakeBuild();
    const { cookie } = await visitor();
    const response = await callAction(protectActions(build), postRequest("/thing", { name: "Ada" }, cookie));
    expect(response.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
  });

  test("a POST with the visitor's token reaches the action, body intact", async () => {
    const { build, action } = fakeBuild();
    const { token, cookie } = await visitor();
    const response = await callAction(protectActions(build), postRequest("/thing", { [CSRF_FIELD]: token, name: "Ada" }, cookie));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("saved Ada");
    expect(action).toHaveBeenCalledOnce();
  });

  test("leaves routes without an action, loaders and the rest of the build as they were", async () => {
    const { build, loader } = fakeBuild();
    const protectedBuild = protectActions(build);
    expect(protectedBuild.routes.root).toBe(build.routes.root);
    expect(protectedBuild.routes.root.module.action).toBeUndefined();
    expect(protectedBuild.routes["routes/thing"].module.loader).toBe(loader);
    expect(protectedBuild.mode).toBe("production");
    expect(protectedBuild.entry).toBe(build.entry);
    // The original build is not changed in place.
    expect(build.routes["routes/thing"].module.action).not.toBe(protectedBuild.routes["routes/thing"].module.action);
  });
});
