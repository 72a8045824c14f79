import path from "node:path";
import pg from "pg";
import type { BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { TMP } from "../setup/paths";
import { startS3Server } from "../s3-server";
import { PIN_HEADER, SERVED_BY_HEADER, startBalancer } from "./balancer";
import { atPath, hydrated, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { createAdmin, startServer, stopServer } from "./global-server";
import { loaded, picture } from "./member-setup";

// Two Chapter instances on one PostgreSQL database and one S3-compatible bucket (s3rver),
// behind the balancer of balancer.ts, as docs/operations.md ("Several instances") runs them:
// a member posts a photo through one and reads it through the other, chats live with a member
// the other instance serves, and carries on, still signed in and with nothing lost, after the
// first instance is killed with SIGKILL.

const browser = useBrowser();

// The database: a fresh one beside TEST_DATABASE_URL's (CI sets it, .ci/run), dropped after.
const serverURL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `chapter_twoinst_${process.pid}_${Date.now()}`;
const databaseURL = (() => {
  const url = new URL(serverURL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverURL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Instance = Awaited<ReturnType<typeof startServer>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let instances: Instance[] = [];
let balancer: Awaited<ReturnType<typeof startBalancer>>;

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${databaseName}`);
  s3 = await startS3Server("chapter-two-instances");
  const shared = {
    DATABASE_URL: databaseURL,
    ...s3.env,
    // The same on every instance: a cookie one signed is good on the other.
    SESSION_SECRET: "two instances share this secret, at least 32 characters",
    TRUST_PROXY: "loopback",
  };
  // Both at once on the empty database: each runs the migrations at start, and Kysely's
  // migrator takes a PostgreSQL advisory lock, so one applies them and the other then finds
  // nothing to do.
  const started = await Promise.allSettled([1, 2].map((n) => startServer(path.join(TMP, `two-instances-${n}`), shared)));
  instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  for (const result of started) if (result.status === "rejected") throw result.reason; // afterAll stops the other
  balancer = await startBalancer(instances.map((instance) => instance.baseURL));
  // The install's first account (the admin) is not one of the members below.
  await createAdmin(balancer.url, { name: "Ada Admin", email: "admin@example.com", password: "admin password 1" });
}, 120_000);

afterAll(async () => {
  await balancer?.close();
  for (const instance of instances) await stopServer(instance.child);
  await s3?.close();
  await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

/** Sends this context's requests to instance `n` while it is up. */
async function pin(context: BrowserContext, n: number) {
  await context.setExtraHTTPHeaders({ [PIN_HEADER]: String(n) });
}

function servedBy(response: Response | null) {
  return response?.headers()[SERVED_BY_HEADER];
}

async function healthz(baseURL: string) {
  return fetch(`${baseURL}/healthz`).then(
    async (response) => ({ status: response.status, body: await response.json() }),
    () => "refused",
  );
}

/** The image's bytes as instance `n` serves them to the member signed in on `page`. */
async function imageBytes(page: Page, src: string, n: number) {
  const response = await page.request.get(src, { headers: { [PIN_HEADER]: String(n) } });
  expect(response.status()).toBe(200);
  expect(response.headers()[SERVED_BY_HEADER]).toBe(String(n));
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  return response.body();
}

/** Marks the page's document: still marked later, it was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { keptDocument: boolean }).keptDocument = true));
}
async function sameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { keptDocument?: boolean }).keptDocument === true);
}

function chatMessage(page: Page, text: string) {
  return page.getByTestId("chat-message").filter({ hasText: text });
}

async function send(page: Page, to: string, text: string) {
  await page.getByLabel(`Message to ${to}`).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  // Acknowledged: the sender's page shows it once the server has stored it.
  await chatMessage(page, text).waitFor();
}

test("the sign-in throttle counts failed sign-ins on both instances together", async () => {
  // One visitor's anti-forgery cookie and token (signed with the shared secret: good on both).
  const form = await fetch(`${balancer.url}/signin`, { headers: { [PIN_HEADER]: "1" } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
  const cookie = form.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const email = uniqueEmail("two-throttle");
  const attempt = async (n: number) => {
    const response = await fetch(`${balancer.url}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { [PIN_HEADER]: String(n), Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, email, password: "not the password" }),
    });
    await response.arrayBuffer();
    return { status: response.status, servedBy: response.headers.get(SERVED_BY_HEADER) };
  };
  // Five failures (SIGNIN_MAX_FAILURES_PER_ACCOUNT), taking turns on the two instances…
  const failures = [];
  for (const n of [1, 2, 1, 2, 1]) failures.push(await attempt(n));
  expect(failures.map((failure) => failure.servedBy)).toEqual(["1", "2", "1", "2", "1"]);
  expect(failures.every((failure) => failure.status !== 429)).toBe(true);
  // …and the sixth is refused by either of them.
  expect(await attempt(2)).toEqual({ status: 429, servedBy: "2" });
  expect(await attempt(1)).toEqual({ status: 429, servedBy: "1" });
});

test("two instances on one database and one bucket: a photo posted through one is read through the other, chat is live across them, and one killed loses nothing", async () => {
  // Both answer /healthz, and the balancer counts both in.
  for (const instance of instances) expect(await healthz(instance.baseURL)).toEqual({ status: 200, body: { status: "ok" } });
  // Started together on the empty database, one applied the migrations and the other found none left.
  expect(
    instances.map((instance) => /Migrations applied: \d+|Migrations: the database is up to date\./.exec(instance.output())?.[0].replace(/\d+/, "N")).sort(),
  ).toEqual(["Migrations applied: N", "Migrations: the database is up to date."]);
  // With no SMTP_URL each instance keeps its own mail outbox, and says so at start.
  for (const instance of instances) expect(instance.output()).toContain("SMTP_URL is not set: e-mails are written to this instance's DATA_DIR/outbox.");
  expect(balancer.status().map((upstream) => upstream.healthy)).toEqual([true, true]);

  const aContext = await browser.newContext({ javaScript: true, baseURL: balancer.url });
  const bContext = await browser.newContext({ javaScript: true, baseURL: balancer.url });
  await pin(aContext, 1);
  await pin(bContext, 2);
  const a = await aContext.newPage();
  const b = await bContext.newPage();
  const aName = "Amaka Twoinstances";
  const bName = "Bruno Twoinstances";
  await signUp(a, { name: aName, email: uniqueEmail("two-a") });
  await signUp(b, { name: bName, email: uniqueEmail("two-b") });

  // A asks B to be friends through instance 1; B accepts through instance 2.
  expect(servedBy(await visit(a, `/user/search?${new URLSearchParams({ q: bName })}`))).toBe("1");
  const bResult = a.getByTestId("member-result").filter({ hasText: bName });
  await bResult.getByRole("button", { name: "Connect" }).click();
  await toast(a, "Friend request sent");
  const bId = Number((await bResult.getByRole("link", { name: bName }).getAttribute("href"))?.split("/").pop());
  expect(servedBy(await visit(b, "/user/friends"))).toBe("2");
  const aRow = b.getByTestId("friend-row").filter({ hasText: aName });
  await aRow.getByRole("button", { name: "Accept" }).click();
  const chatLink = aRow.getByRole("link", { name: "Chat" });
  await chatLink.waitFor();
  const aId = Number((await chatLink.getAttribute("href"))?.split("/").pop());

  // A posts a photo through instance 1: the file goes to the bucket.
  expect(servedBy(await visit(a, "/user/timeline/post/new"))).toBe("1");
  const dialog = a.getByRole("dialog", { name: "Write a post" });
  const photo = await picture("harbour.png", { r: 30, g: 120, b: 200 }, 160, 120);
  await dialog.locator('input[type="file"]').setInputFiles(photo);
  await dialog.getByRole("button", { name: `Remove ${photo.name}` }).waitFor();
  await dialog.getByLabel("Message").fill("Posted through instance one");
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await a.waitForURL(atPath("/user/timeline"));
  await toast(a, "Post shared.");
  const post = a.locator("article.post").filter({ hasText: "Posted through instance one" });
  const src = (await post.locator(".carousel-item img").first().getAttribute("src"))!;
  const stored = await imageBytes(a, src, 1);

  // A reads the post and its photo through instance 2.
  await pin(aContext, 2);
  expect(servedBy(await visit(a, "/user/timeline"))).toBe("2");
  await loaded(post.locator(".carousel-item img").first());
  expect((await imageBytes(a, src, 2)).equals(stored)).toBe(true);

  // With JavaScript a post's photo is uploaded as soon as it is chosen: B's goes through
  // instance 2, the post itself through instance 1, which finds the upload in the database.
  await visit(b, "/user/timeline/post/new");
  const bDialog = b.getByRole("dialog", { name: "Write a post" });
  const bPhoto = await picture("meadow.png", { r: 40, g: 180, b: 60 }, 160, 120);
  const uploaded = b.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/user/upload_post_file"));
  await bDialog.locator('input[type="file"]').setInputFiles(bPhoto);
  expect(servedBy(await uploaded)).toBe("2");
  await bDialog.getByRole("button", { name: `Remove ${bPhoto.name}` }).waitFor();
  await bDialog.getByLabel("Message").fill("Uploaded through two, posted through one");
  await pin(bContext, 1);
  const posted = b.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/user/timeline/post/new"));
  await bDialog.getByRole("button", { name: "Post", exact: true }).click();
  expect(servedBy(await posted)).toBe("1");
  await toast(b, "Post shared.");
  await loaded(b.locator("article.post").filter({ hasText: "Uploaded through two, posted through one" }).locator(".carousel-item img").first());
  await pin(bContext, 2);

  // A (instance 1) and B (instance 2) chat; each sees the other's message without a reload.
  await pin(aContext, 1);
  expect(servedBy(await visit(a, `/user/chat/${bId}`))).toBe("1");
  expect(servedBy(await visit(b, `/user/chat/${aId}`))).toBe("2");
  await markDocument(a);
  await markDocument(b);
  await send(a, bName, "Hello from instance one");
  await chatMessage(b, "Hello from instance one").waitFor();
  await send(b, aName, "Hello back from instance two");
  await chatMessage(a, "Hello back from instance two").waitFor();
  expect([await sameDocument(a), await sameDocument(b)]).toEqual([true, true]);

  // Instance 1 is killed. The balancer's health check takes it out; instance 2 still answers.
  const [first, second] = instances;
  const gone = new Promise((resolve) => first.child.once("exit", resolve));
  first.child.kill("SIGKILL");
  await gone;
  expect(await healthz(first.baseURL)).toBe("refused");
  expect(await healthz(second.baseURL)).toEqual({ status: 200, body: { status: "ok" } });
  await expect.poll(() => balancer.status().map((upstream) => upstream.healthy), { timeout: 10_000 }).toEqual([false, true]);

  // A, still pinned to instance 1, carries on through instance 2 on the same page: B's next
  // message reaches it live, and A's answer (stored by instance 2) reaches B live.
  await send(b, aName, "Are you still there?");
  await chatMessage(a, "Are you still there?").waitFor();
  await send(a, bName, "Yes, through instance two now");
  await chatMessage(b, "Yes, through instance two now").waitFor();
  expect([await sameDocument(a), await sameDocument(b)]).toEqual([true, true]);

  // Still signed in (the session is a row in the database), and everything acknowledged is there.
  const home = await visit(a, "/user");
  expect(servedBy(home)).toBe("2");
  expect(new URL(a.url()).pathname).toBe("/user");
  await hydrated(a);
  expect(servedBy(await visit(a, "/user/timeline"))).toBe("2");
  await loaded(post.locator(".carousel-item img").first());
  expect((await imageBytes(a, src, 2)).equals(stored)).toBe(true);
  expect(servedBy(await visit(a, `/user/chat/${bId}`))).toBe("2");
  await chatMessage(a, "Yes, through instance two now").waitFor();
  expect(await a.getByTestId("chat-message").allTextContents()).toEqual([
    expect.stringContaining("Hello from instance one"),
    expect.stringContaining("Hello back from instance two"),
    expect.stringContaining("Are you still there?"),
    expect.stringContaining("Yes, through instance two now"),
  ]);
  expect(balancer.status()[1].served).toBeGreaterThan(0);
}, 90_000);
