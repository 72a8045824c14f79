import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { BrowserContext } from "playwright-core";
import { describe, expect, test } from "vitest";
import { TMP } from "../setup/paths";
import { baseURL, detail, signUp, uniqueEmail, useBrowser, visit } from "./browser";
import { startServer, stopServer } from "./global-server";

// HTTP-level behaviour of server.ts and the anti-forgery check; no page script is involved, so
// these run once rather than with and without JavaScript.

const browser = useBrowser();

/** The Cookie header the browser context would send to the app. */
async function cookieHeader(context: BrowserContext) {
  return (await context.cookies(baseURL)).map(({ name, value }) => `${name}=${value}`).join("; ");
}

function post(pathname: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${baseURL}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** GET over node:http, so that the body arrives as the server encoded it. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("anti-forgery token", () => {
  test("a visitor's page and data requests set the token's cookie, and the page's token goes with it", async () => {
    const page = await fetch(`${baseURL}/signin`);
    const cookie = page.headers.getSetCookie().find((each) => each.startsWith("__csrf="));
    expect(cookie).toMatch(/HttpOnly/i);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signIn = { csrf, email: uniqueEmail("nobody"), password: "not-the-password" };
    // With the cookie the token is good (the sign-in fails on its merits); without it, refused.
    expect((await post("/signin", cookie!.split(";")[0], signIn)).status).toBe(400);
    expect((await post("/signin", "", signIn)).status).toBe(403);

    const data = await fetch(`${baseURL}/signin?_data=root`);
    expect(data.headers.getSetCookie().some((each) => each.startsWith("__csrf="))).toBe(true);
    expect(await data.json()).toMatchObject({ isMember: false, csrf: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  test("signing out without the csrf field is refused with 403 and the member stays signed in", async () => {
    const context = await browser.newContext({ javaScript: false });
    const page = await context.newPage();
    await signUp(page, { name: "Forgery Target", email: uniqueEmail("csrf") });
    const cookie = await cookieHeader(context);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();

    const forged = await post("/signout", cookie, {});
    expect(forged.status).toBe(403);
    await visit(page, "/user");
    await page.getByRole("heading", { name: "Welcome, Forgery Target" }).waitFor();

    // The same request with the member's token goes through: the 403 was the token's doing.
    const genuine = await post("/signout", cookie, { csrf });
    expect(genuine.status).toBe(302);
    await page.goto("/user");
    expect(new URL(page.url()).pathname).toBe("/signin");
  });

  test("a profile change without the csrf field is refused with 403 and changes nothing", async () => {
    const context = await browser.newContext({ javaScript: false });
    const page = await context.newPage();
    await signUp(page, { name: "Unchanged Name", email: uniqueEmail("csrf") });
    const cookie = await cookieHeader(context);
    const fields = { intent: "save", name: "Forged Name", memberType: "investor", occupation: "Forged" };

    const forged = await post("/user/settings/profile", cookie, fields);
    expect(forged.status).toBe(403);
    const wrongToken = await post("/user/settings/profile", cookie, { ...fields, csrf: "not-the-token" });
    expect(wrongToken.status).toBe(403);

    await visit(page, "/user");
    await page.getByRole("heading", { name: "Welcome, Unchanged Name" }).waitFor();
    expect(await detail(page, "Member type").textContent()).toBe("Entrepreneur");
    expect(await detail(page, "Occupation or position").textContent()).toBe("—");
  });
});

describe("server", () => {
  test("pages carry the security headers, with a fresh script nonce each time", async () => {
    const [first, second] = await Promise.all([fetch(`${baseURL}/signin`), fetch(`${baseURL}/signin`)]);
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(first.headers.get("Permissions-Policy")).toContain("microphone=(), geolocation=(), payment=(), usb=()");

    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const otherNonce = /'nonce-([^']+)'/.exec(second.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(otherNonce).not.toBe(nonce);
    // The page's own inline scripts carry this response's nonce.
    expect(await first.text()).toContain(`nonce="${nonce}"`);
  });

  test("fingerprinted /build assets are cached for a year", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = /(?:src|href)="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseURL}${asset}`);
    expect(response.status).toBe(200);
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    expect(cacheControl).toContain("immutable");
    expect(cacheControl).toContain("max-age=31536000");
    // Only the headers that apply to a script: a page's policies stay on pages.
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    // A missing asset is still a 404 (the app's page, with its headers).
    const missing = await fetch(`${baseURL}/build/_shared/nothing-here.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  test("a page links one stylesheet, the site's, every area's rules in it", async () => {
    for (const pathname of ["/signin", "/signup"]) {
      const html = await (await fetch(`${baseURL}${pathname}`)).text();
      const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
      expect(sheets).toHaveLength(1);
      expect(sheets[0]).toMatch(/^\/build\/_assets\/site-\w+\.css$/);
      const css = await (await fetch(`${baseURL}${sheets[0]}`)).text();
      // The design system and, e.g., the calendar's and the invitations' rules.
      expect(css).toContain("--space-2");
      expect(css).toContain(".agenda");
      expect(css).toContain(".invite-sent");
    }
  });

  test.each([
    { encoding: "br", decode: zlib.brotliDecompressSync },
    { encoding: "gzip", decode: zlib.gunzipSync },
  ])("a page asked for with Accept-Encoding: $encoding comes back compressed", async ({ encoding, decode }) => {
    const response = await rawGet(`${baseURL}/signin`, { "Accept-Encoding": encoding });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    const html = decode(response.body).toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain("Sign in");
    expect(response.body.length).toBeLessThan(Buffer.byteLength(html));
  });

  test("the files of public/ are served, cached for an hour; other addresses reach the app", async () => {
    const icon = await fetch(`${baseURL}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(icon.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await icon.text()).toContain("<svg");
    // Not a file of public/: the app's own 404 page, not express's.
    const missing = await fetch(`${baseURL}/favicon.ico`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/^<!DOCTYPE html>/i);
  });

  test("/healthz says ok", async () => {
    const response = await fetch(`${baseURL}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("the server's log", () => {
  test("start-up says what it did in a few lines, and an unknown address is one short line, with no stack trace", async () => {
    const server = await startServer(path.join(TMP, "e2e-log-data"));
    try {
      const started = server.output().trim().split("\n");
      expect(started.length, started.join("\n")).toBeLessThanOrEqual(4);
      expect(server.output()).toMatch(/^Migrations applied: \d+ \(the newest \d{12}_[\w-]+\)\.$/m);
      expect(server.output()).toMatch(/^Chapter is ready on http:\/\/localhost:\d+$/m);

      const before = server.output().length;
      expect((await fetch(`${server.baseURL}/favicon.ico`)).status).toBe(404);
      expect((await fetch(`${server.baseURL}/no/such/page?token=secret`)).status).toBe(404);
      await waitFor(() => server.output().includes("/no/such/page"));
      expect(server.output().slice(before).trim().split("\n")).toEqual(["GET /favicon.ico 404", "GET /no/such/page 404"]);
    } finally {
      await stopServer(server.child);
    }
  });

  test("a second start on the same data has nothing to migrate and says so", async () => {
    const dataDir = path.join(TMP, "e2e-log-restart-data");
    await stopServer((await startServer(dataDir)).child);
    const server = await startServer(dataDir, {}, { fresh: false });
    try {
      expect(server.output()).toMatch(/^Migrations: the database is up to date\.$/m);
    } finally {
      await stopServer(server.child);
    }
  });
});

describe("graceful shutdown", () => {
  test("on SIGTERM the server finishes the request in flight, exits 0 and stops answering", async () => {
    const server = await startServer(path.join(TMP, "e2e-shutdown-data"));
    try {
      expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);

      // A request whose headers have arrived (the server said "100 Continue") but whose body
      // is still on its way when SIGTERM comes.
      const { hostname, port } = new URL(server.baseURL);
      const body = "email=someone%40example.com&password=x";
      const request = http.request({
        hostname,
        port,
        method: "POST",
        path: "/signin",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Expect: "100-continue",
          Connection: "close",
        },
      });
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        request.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.on("error", reject);
        });
        request.on("error", reject);
      });
      request.flushHeaders();
      await new Promise<void>((resolve) => request.once("continue", resolve));

      const exited = stopServer(server.child);
      await waitFor(() => server.output().includes("SIGTERM"));
      request.end(body);

      // No csrf token: the server answers it (403) rather than dropping it.
      const response = await answered;
      expect(response.status).toBe(403);
      expect(response.text).toContain("This form has expired");
      expect(await exited).toBe(0);
      await expect(fetch(`${server.baseURL}/healthz`)).rejects.toThrow();
    } finally {
      server.child.kill("SIGKILL");
    }
  });
});

/** Polls a condition the test cannot be told about (the child's log), up to 10 s. */
async function waitFor(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
