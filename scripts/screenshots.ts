// npm run screenshots: PNGs of the main pages and several dialogs at phone (390 × 844) and laptop
// (1280 × 800) size, of a fresh install with the demo data, signed in as its first member,
// into screenshots/ (git-ignored), so a reviewer can look without setting anything up.
// Builds first when the build is missing or older than the app's source.
// `-- --without-javascript`: the same pages as a browser without JavaScript sees them (files
// end in -nojs). `-- --only contacts,calendar`: only the pages of those names.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { startServer, stopServer } from "../test/e2e/global-server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const javaScript = !args.includes("--without-javascript");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? "").split(",")) : null;
const OUT = path.join(ROOT, "screenshots");
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1280, height: 800 },
];

function newestChange(folder: string): number {
  return fs.readdirSync(folder, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(folder, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }, 0);
}

const built = path.join(ROOT, "build/index.js");
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < newestChange(path.join(ROOT, "app"))) {
  console.log("Building …");
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-screenshots-"));
const { baseURL, child } = await startServer(dataDir);
try {
  // The server has migrated the fresh database; the demo data goes in through the features.
  process.env.DATA_DIR = dataDir;
  process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
  process.env.DATABASE_URL = "";
  const { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo } = await import("./demo-data.ts");
  const { BREAKFAST_TITLE } = await import("./demo-referrals.ts");
  const { db } = await import("../app/lib/db.server.ts");
  await seedDemo();
  const member = DEMO_MEMBERS[0];
  const contact = await db.selectFrom("contacts").select("id").where("name", "=", "Tunde Bakare").executeTakeFirstOrThrow();
  const event = await db.selectFrom("events").select("id").orderBy("id").executeTakeFirstOrThrow();
  // The latest of the demo's past breakfasts, with its visitors.
  const breakfast = await db.selectFrom("events").select("id").where("title", "=", BREAKFAST_TITLE).orderBy("id").executeTakeFirstOrThrow();
  const business = await db.selectFrom("businesses").select("id").orderBy("id").executeTakeFirstOrThrow();
  const investorEntry = await db.selectFrom("investor_entries").select("id").orderBy("id").executeTakeFirstOrThrow();
  const calendarTask = await db.selectFrom("calendar_tasks").select("id").where("recurrence", "!=", "none").orderBy("id").executeTakeFirstOrThrow();
  const netWorthLine = await db.selectFrom("net_worth_lines").select("id").orderBy("id").executeTakeFirstOrThrow();
  const daniel = await db.selectFrom("users").select("id").where("email", "=", DEMO_MEMBERS[1].email).executeTakeFirstOrThrow();
  const training = await db.selectFrom("trainings").select("id").orderBy("id").executeTakeFirstOrThrow();
  const offer = await db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  const ownPost = await db
    .selectFrom("posts")
    .innerJoin("users", "users.id", "posts.author_id")
    .select("posts.id")
    .where("users.email", "=", member.email)
    .orderBy("posts.id")
    .executeTakeFirstOrThrow();
  const referral = await db
    .selectFrom("referrals")
    .innerJoin("users", "users.id", "referrals.receiver_id")
    .select("referrals.id")
    .where("users.email", "=", member.email)
    .where("referrals.status", "=", "contacted")
    .orderBy("referrals.id")
    .executeTakeFirstOrThrow();
  const oneToOne = await db
    .selectFrom("one_to_ones")
    .innerJoin("users", "users.id", "one_to_ones.partner_id")
    .select("one_to_ones.id")
    .where("users.email", "=", member.email)
    .where("one_to_ones.status", "=", "proposed")
    .executeTakeFirstOrThrow();
  // The weekly digest's link to turn it off (signed with the server's secret, in dataDir).
  const { unsubscribeToken } = await import("../app/features/digest/subscription.server.ts");
  const digestUnsubscribe = `/digest/unsubscribe/${unsubscribeToken(daniel.id)}`;
  // A member with two-factor sign-in on: the code step of signing in, and the admin's reset.
  const { createMember } = await import("../app/features/members/members.server.ts");
  const { enableTwoFactor, newTotpSecret } = await import("../app/features/members/two-factor.server.ts");
  const { Secret, TOTP } = await import("otpauth");
  const twoFactor = { email: "tomas.twofactor@demo.chapter", password: DEMO_PASSWORD };
  const twoFactorId = await createMember({ name: "Tomás Okafor", ...twoFactor, memberType: "investor" });
  const twoFactorKey = newTotpSecret();
  await enableTwoFactor(twoFactorId, twoFactorKey, TOTP.generate({ secret: Secret.fromBase32(twoFactorKey) }));
  await db.destroy();

  /** With JS: a directory member (Lucas, who has not asked before) asks the signed-in member to
   * be friends while the page is open; the page shows the notice and its badge without a reload.
   * `before` the page opens he signs in and takes back the request he made at the other size
   * (a notice is told of by a notification's id after the page's newest). */
  const friendRequest = {
    asker: null as Page | null,
    async before(browser: Browser) {
      const asker = await (await browser.newContext({ baseURL })).newPage();
      await asker.goto("/signin");
      await asker.getByLabel("E-mail", { exact: true }).fill("lucas@demo.chapter");
      await asker.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await asker.getByRole("button", { name: "Sign in", exact: true }).click();
      await asker.waitForURL((url) => url.pathname === "/user");
      await asker.goto(`/user/search?${new URLSearchParams({ q: member.name })}`);
      const cancel = asker.getByRole("button", { name: "Cancel request" });
      if (await cancel.isVisible()) await Promise.all([answered(asker), cancel.click()]);
      friendRequest.asker = asker;
    },
    async live(page: Page) {
      const asker = friendRequest.asker!;
      await Promise.all([answered(asker), asker.getByRole("button", { name: "Connect" }).click()]);
      await asker.context().close();
      await page.getByTestId("toast").filter({ hasText: "sent you a friend request" }).waitFor();
    },
  };
  /** The server's answer to the page's next POST (with JS a button flips before it comes). */
  const answered = (page: Page) => page.waitForResponse((response) => response.request().method() === "POST");

  type Shot = { name: string; path: string; signedIn?: boolean; halfwayAs?: { email: string; password: string }; live?: typeof friendRequest };
  const pages: Shot[] = [
    { name: "sign-in", path: "/signin", signedIn: false },
    { name: "digest-unsubscribe", path: digestUnsubscribe, signedIn: false },
    { name: "sign-up", path: "/signup", signedIn: false },
    { name: "sign-in-two-factor", path: "/signin/two-factor", signedIn: false, halfwayAs: twoFactor },
    { name: "home", path: "/user" },
    { name: "timeline", path: "/user/timeline" },
    { name: "post-reactions-dialog", path: `/user/timeline/post/${ownPost.id}/reactions?back=%2Fuser%2Ftimeline` },
    { name: "contacts", path: "/user/contacts" },
    { name: "contact", path: `/user/profile?cicid=${contact.id}` },
    { name: "add-contact-dialog", path: "/user/contacts/add" },
    { name: "events", path: "/user/events" },
    { name: "event", path: `/user/events/${event.id}` },
    { name: "offers", path: "/user/offers" },
    { name: "offer", path: `/user/offers/${offer.id}` },
    { name: "tickets", path: "/user/tickets" },
    { name: "membership", path: "/user/membership" },
    { name: "membership-pay-dialog", path: "/user/membership/pay?package=elite" },
    { name: "settings", path: "/user/settings/profile" },
    { name: "settings-photos", path: "/user/settings/photos" },
    { name: "settings-notifications", path: "/user/settings/notifications" },
    { name: "settings-calendar", path: "/user/settings/calendar" },
    { name: "account-security", path: "/user/settings/security" },
    { name: "two-factor-setup-dialog", path: "/user/settings/security/two-factor" },
    { name: "wish-list", path: "/user/wish-list" },
    { name: "big-tasks", path: "/user/big-tasks" },
    { name: "businesses", path: "/user/businesses" },
    { name: "business", path: `/user/businesses/${business.id}` },
    { name: "calendar", path: "/user/calendar" },
    { name: "calendar-week", path: "/user/calendar?view=week" },
    { name: "calendar-task", path: `/user/calendar/tasks/${calendarTask.id}` },
    { name: "calendar-add-appointment-dialog", path: "/user/calendar/new?kind=appointment" },
    { name: "journal", path: "/user/journal" },
    { name: "net-worth", path: "/user/net-worth" },
    { name: "net-worth-print", path: "/user/net-worth/print" },
    { name: "net-worth-line-delete-dialog", path: `/user/net-worth/lines/${netWorthLine.id}/delete` },
    { name: "contact-delete-dialog", path: `/user/contacts/${contact.id}/delete` },
    { name: "member-search", path: "/user/search?q=a" },
    { name: "member-directory", path: "/user/members" },
    { name: "member-directory-filtered", path: "/user/members?industry=Fintech" },
    { name: "notifications", path: "/user/notifications" },
    ...(javaScript ? [{ name: "friend-request-notice", path: "/user/timeline", live: friendRequest }] : []),
    { name: "privacy-settings", path: "/user/settings/privacy" },
    { name: "chat", path: "/user/chat" },
    { name: "chat-with-friend", path: `/user/chat/${daniel.id}` },
    { name: "friends", path: "/user/friends" },
    { name: "member", path: `/user/members/${daniel.id}` },
    { name: "trainings", path: "/user/trainings" },
    { name: "training", path: `/user/trainings/${training.id}` },
    { name: "entrepreneurs", path: "/user/entrepreneurs" },
    { name: "investors", path: "/user/investors" },
    { name: "connections", path: "/user/connections" },
    { name: "edit-contact-dialog", path: `/user/contacts/edit/${contact.id}` },
    { name: "connect-dialog", path: `/user/investors/${investorEntry.id}/connect` },
    { name: "admin-home", path: "/user/admin" },
    { name: "admin-club", path: "/user/admin/club" },
    { name: "admin-members", path: "/user/admin/members" },
    { name: "admin-two-factor-reset-dialog", path: `/user/admin/members/${twoFactorId}/two-factor-reset` },
    { name: "admin-disable-dialog", path: `/user/admin/members/${daniel.id}/disable` },
    { name: "admin-payments", path: "/user/admin/payments" },
    { name: "admin-ticker", path: "/user/admin/ticker" },
    { name: "admin-outbox", path: "/user/admin/outbox" },
    { name: "training-new-dialog", path: "/user/trainings/new" },
    { name: "referrals", path: "/user/referrals" },
    { name: "referral", path: `/user/referrals/${referral.id}` },
    { name: "give-referral-dialog", path: `/user/referrals/give?to=${daniel.id}&contact=${contact.id}` },
    { name: "chapter-report", path: "/user/referrals/report?period=quarter" },
    { name: "chapter-report-print", path: "/user/referrals/report/print?period=quarter" },
    { name: "one-to-ones", path: "/user/one-to-ones" },
    { name: "one-to-one", path: `/user/one-to-ones/${oneToOne.id}` },
    { name: "event-visitors-dialog", path: `/user/events/${breakfast.id}/visitors` },
    { name: "admin-engagement", path: "/user/admin/engagement" },
    { name: "admin-members-red-lights", path: "/user/admin/members?light=red" },
  ];

  fs.mkdirSync(OUT, { recursive: true });
  // A run replaces the pictures of its own mode (all of them, or those it takes with --only).
  for (const name of fs.readdirSync(OUT)) {
    const mode = name.endsWith("-nojs.png") ? !javaScript : javaScript;
    if (mode && (!only || [...only].some((shot) => name.includes(`-${shot}-`)))) fs.rmSync(path.join(OUT, name));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      for (const [index, shot] of pages.entries()) {
        if (only && !only.has(shot.name)) continue;
        if (shot.signedIn !== false && !(await context.cookies()).some((cookie) => cookie.name === "__session")) {
          await page.goto("/signin");
          await page.getByLabel("E-mail", { exact: true }).fill(member.email);
          await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
          await page.getByRole("button", { name: "Sign in", exact: true }).click();
          await page.waitForURL((url) => url.pathname === "/user");
        }
        if ("halfwayAs" in shot && shot.halfwayAs) {
          // Half signed in: the password taken, the code asked for.
          await page.goto("/signin");
          await page.getByLabel("E-mail", { exact: true }).fill(shot.halfwayAs.email);
          await page.getByLabel("Password", { exact: true }).fill(shot.halfwayAs.password);
          await page.getByRole("button", { name: "Sign in", exact: true }).click();
          await page.waitForURL((url) => url.pathname === "/signin/two-factor");
        }
        await shot.live?.before(browser);
        await page.goto(shot.path, { waitUntil: "networkidle" });
        await shot.live?.live(page);
        const file = path.join(OUT, `${String(index + 1).padStart(2, "0")}-${shot.name}-${size.name}${javaScript ? "" : "-nojs"}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(ROOT, file));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`${(only ? only.size : pages.length) * SIZES.length} screenshots in screenshots/, signed in as ${member.email} (password "${DEMO_PASSWORD}").`);
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
