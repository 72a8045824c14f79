// npm run sweep [-- --postgres postgres://user@host:5432/empty_db] [--pages N]
// Looks for 500s a member, the install's admin or a visitor can cause with what they send: a
// fresh install with the demo data (SQLite, or the given empty PostgreSQL database), each
// signed in in turn, crawls the pages its links reach (without JavaScript) and sends every form
// it finds again with odd values (empty, NUL, ids past PostgreSQL's integer, a huge text,
// impossible dates …), one field at a time and all at once, then asks each address with an id
// swapped for an odd one. Prints each 500 and exits 1 if there was one. It changes and deletes
// the demo data as it goes (sign-out and account deletion excepted), so it is a tool, not a
// test: `npm test` does not run it. Found: a NUL answered 500 on PostgreSQL in 34 forms, and so
// did ids past 2147483647 in five places (fixed; test/nul-free.test.ts, test/large-ids.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { startServer, stopServer } from "../test/e2e/global-server.ts";

const { values: args } = parseArgs({ options: { postgres: { type: "string" }, pages: { type: "string", default: "200" } } });
const PAGES_MAX = Number(args.pages);
const ODD = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "2147483648",
  "9007199254740993",
  "1e309",
  "NaN",
  "abc",
  "<b>x</b>",
  "\u0000",
  "a\u0000b",
  "2026-02-30",
  "9999-12-31",
  "😀".repeat(50),
  "x".repeat(20_000),
];
/** Sent into each field alone; the rest only into all of a form's fields at once. */
const ONE_FIELD = new Set(["", "0", "-1", "2147483648", "abc", "\u0000"]);
const LEFT_ALONE = /sign-?out|logout|\/settings\/security\/(delete-account|sessions)/i;
const ADMIN = { name: "Sweep Admin", email: "sweep-admin@example.com", password: "sweep admin password" };

type Form = { action: string; method: string; multipart: boolean; fields: { name: string; value: string }[] };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-sweep-"));
const database: Record<string, string> = args.postgres ? { DATABASE_URL: args.postgres } : {};
const { baseURL, child } = await startServer(dataDir, { SIGNIN_MAX_FAILURES_PER_IP: "100000", ...database });
const problems: string[] = [];
let sent = 0;
try {
  // The first account is the install's admin; then the demo data, through the features.
  const signup = await fetch(`${baseURL}/signup`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await signup.text())?.[1] ?? "";
  const cookie = signup.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  await fetch(`${baseURL}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ csrf, ...ADMIN, memberType: "business_contact" }),
  });
  process.env.DATA_DIR = dataDir;
  process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
  process.env.DATABASE_URL = args.postgres ?? "";
  const { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo } = await import("./demo-data.ts");
  const { db } = await import("../app/lib/db.server.ts");
  await seedDemo();
  await db.destroy();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const visitors = [
      { who: "visitor", start: "/", credentials: null },
      // The member before the admin, whose pages can disable them.
      { who: "member", start: "/user", credentials: { email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD } },
      { who: "admin", start: "/user/admin", credentials: ADMIN },
    ];
    for (const { who, start, credentials } of visitors) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      if (credentials) {
        await page.goto("/signin");
        await page.getByLabel("E-mail", { exact: true }).fill(credentials.email);
        await page.getByLabel("Password", { exact: true }).fill(credentials.password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
      }
      const addresses = await crawl(page, start);
      const forms = await formsOf(page, addresses);
      for (const [from, form] of forms) await sendOdd(page, from, form);
      for (const address of addresses.filter((address) => /\d/.test(address))) await askOdd(page, address);
      console.log(`${who}: ${addresses.length} pages, ${forms.length} forms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${sent} requests, ${problems.length} answered 500${problems.length ? ":" : "."}`);
for (const problem of problems) console.log(`  ${problem}`);
process.exitCode = problems.length ? 1 : 0;

/** The site's own pages its links reach from `start`, breadth first (an id's pages once). */
async function crawl(page: Page, start: string) {
  const seen = new Set<string>();
  const shapes = new Set<string>();
  const queue = [start];
  const pages: string[] = [];
  while (queue.length && pages.length < PAGES_MAX) {
    const address = queue.shift()!;
    if (seen.has(address)) continue;
    seen.add(address);
    const response = await page.goto(address).catch(() => null);
    sent++;
    if (!response) continue;
    if (response.status() >= 500) problems.push(`${response.status()} GET ${address}`);
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    pages.push(address);
    const links = await page.$$eval("a[href]", (anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    for (const link of links) {
      if (!link.startsWith("/") || link.startsWith("//") || LEFT_ALONE.test(link) || /\.(csv|ics|zip|pdf|png|jpe?g|webp|mp4)(\?|$)/.test(link)) continue;
      const shape = link.replace(/\d+/g, "N");
      if (!shapes.has(shape)) {
        shapes.add(shape);
        queue.push(link);
      }
    }
  }
  return pages;
}

/** Each form of those pages once (by where it posts and what it holds), with the page it is on. */
async function formsOf(page: Page, addresses: string[]) {
  const forms = new Map<string, [string, Form]>();
  for (const address of addresses) {
    if (!(await page.goto(address).catch(() => null))) continue;
    const found: Form[] = await page.$$eval("form", (elements) =>
      elements.map((form) => ({
        action: form.getAttribute("action") ?? location.pathname + location.search,
        method: (form.getAttribute("method") ?? "get").toLowerCase(),
        multipart: form.enctype === "multipart/form-data",
        fields: [...form.querySelectorAll<HTMLInputElement>("input[name],select[name],textarea[name]")].map((field) => ({
          name: field.name,
          value: field.value,
        })),
      })),
    );
    for (const form of found) {
      const key = `${form.method} ${form.action.replace(/\d+/g, "N").replace(/\?.*/, "")} ${form.fields.map((field) => field.name).join(",")}`;
      if (!forms.has(key) && !LEFT_ALONE.test(form.action)) forms.set(key, [address, form]);
    }
  }
  return [...forms.values()];
}

async function sendOdd(page: Page, from: string, form: Form) {
  const target = new URL(form.action, new URL(from, baseURL)).href;
  for (const odd of ODD) {
    const choices = ["all", ...(ONE_FIELD.has(odd) ? form.fields.map((_, index) => index) : [])];
    for (const choice of choices) {
      const body: Record<string, string> = {};
      form.fields.forEach((field, index) => (body[field.name] = field.name === "csrf" || (choice !== "all" && choice !== index) ? field.value : odd));
      const response =
        form.method === "get"
          ? await page.request.get(`${target.split("?")[0]}?${new URLSearchParams(body)}`, { maxRedirects: 0 })
          : await page.request.post(target, form.multipart ? { multipart: body, maxRedirects: 0 } : { form: body, maxRedirects: 0 });
      sent++;
      if (response.status() >= 500)
        problems.push(
          `${response.status()} ${form.method.toUpperCase()} ${form.action} ${choice === "all" ? "every field" : form.fields[choice as number].name} = ${JSON.stringify(odd).slice(0, 24)} (form on ${from})`,
        );
    }
  }
}

/** The address with its first and its last id swapped for odd ones, asked for and posted to. */
async function askOdd(page: Page, address: string) {
  const csrf = (await page.request.get(address).then((response) => response.text())).match(/name="csrf" value="([^"]+)"/)?.[1] ?? "";
  for (const odd of ["0", "-1", "2147483648", "99999999999999999999", "abc", "%00"]) {
    for (const target of new Set([address.replace(/\d+/, odd), address.replace(/\d+(?!.*\d)/, odd)])) {
      for (const method of ["GET", "POST"]) {
        const response = await (method === "GET"
          ? page.request.get(target, { maxRedirects: 0 })
          : page.request.post(target, { form: { csrf }, maxRedirects: 0 }));
        sent++;
        if (response.status() >= 500) problems.push(`${response.status()} ${method} ${target}`);
      }
    }
  }
}
