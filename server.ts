import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { sendCalendarAlerts } from "./app/features/calendar/alerts.server.ts";
import { sendWeeklyDigests } from "./app/features/digest/digest.server.ts";
import { sendExpiryReminders } from "./app/features/membership/membership.server.ts";
import { expireUnpaidTickets } from "./app/features/tickets/tickets.server.ts";
import { scheduleNightlyBackups } from "./app/lib/backup/nightly.server.ts";
import { protectActions } from "./app/lib/csrf.server.ts";
import { db } from "./app/lib/db.server.ts";
import { databaseUrl, env, isPostgresUrl } from "./app/lib/env.server.ts";
import { closeLiveBus } from "./app/lib/live-bus.server.ts";
import { migrateToLatest } from "./app/lib/migrate.server.ts";
import { precompressedAssets } from "./app/lib/precompressed.server.ts";
import { randomText } from "./app/lib/random.server.ts";
import { remixRequestHandler } from "./app/lib/remix-express.server.ts";
import { secrets } from "./app/lib/secrets.server.ts";
import { inShortTurns } from "./app/lib/short-turns.server.ts";
import { chapterSecurityOptions, PERMISSIONS_POLICY, securityHeaders } from "./app/lib/security-headers.server.ts";

const SHUTDOWN_GRACE_MS = 10_000;

const config = env();
if (isPostgresUrl(databaseUrl()) && !config.SESSION_SECRET) {
  console.warn(
    "SESSION_SECRET is not set: this instance uses the secret generated in DATA_DIR. " +
      "Several instances must share one SESSION_SECRET, or members are signed out as they move between them.",
  );
}
if (isPostgresUrl(databaseUrl()) && !config.SMTP_URL) {
  console.warn(
    "SMTP_URL is not set: e-mails are written to this instance's DATA_DIR/outbox. " +
      "With several instances, Admin → Mail outbox lists only the mails of the instance that serves the page: set SMTP_URL.",
  );
}
secrets(); // generated on first start, before any request needs them
// Beside this file: migrations/*.ts here, or their compiled copies beside build/server/server.js.
const applied = await migrateToLatest(db, path.join(import.meta.dirname, "migrations"));
console.log(applied.length ? `Migrations applied: ${applied.length} (the newest ${applied.at(-1)}).` : "Migrations: the database is up to date.");

const buildPath = path.resolve("build/index.js");
const build = protectActions((await import(pathToFileURL(buildPath).href)) as ServerBuild);

const app = express();
app.disable("x-powered-by");
// New connections are accepted one per turn of the event loop: keep the turns short (short-turns.server.ts).
app.use(inShortTurns());
if (config.TRUST_PROXY) {
  const value = config.TRUST_PROXY;
  app.set("trust proxy", value === "true" ? true : /^\d+$/.test(value) ? Number(value) : value);
}

// Remix fingerprints everything under /build: cached for a year, compressed once by the build
// where it could be. Served before the pages' headers: a page's policies (scripts, framing,
// referrer) mean nothing on a script or a stylesheet, and a page loads some thirty of these,
// each of which paid ~700 bytes of them on a slow phone; nosniff and the resource policy do
// apply to them.
app.use(
  "/build",
  (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    next();
  },
  precompressedAssets("public/build"),
  compression(),
  express.static("public/build", { immutable: true, maxAge: "1y", etag: false, lastModified: false }),
);

app.use((_req, res, next) => {
  res.locals.cspNonce = randomText(16, "base64");
  next();
});
app.use(
  securityHeaders(
    chapterSecurityOptions({
      development: config.NODE_ENV === "development",
      checkoutOrigin: config.STRIPE_SECRET_KEY ? new URL(config.STRIPE_CHECKOUT_ORIGIN).origin : null,
    }),
    { "Permissions-Policy": PERMISSIONS_POLICY },
  ),
);
app.use((req, res, next) => {
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=15552000; includeSubDomains");
  next();
});
// A browser reads the answer only after it has sent the whole body: when an action answers
// early (a refused token, an expired session), read and drop the rest, up to a bound, so the
// browser sees the answer rather than a reset connection.
const DRAIN_AT_MOST = 64_000_000;
app.use((req, res, next) => {
  res.on("finish", () => {
    if (req.complete || req.readableEnded) return;
    let drained = 0;
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_AT_MOST) req.destroy();
    });
    req.resume();
  });
  next();
});
// Answers are compressed for the browsers that take it; a page at once, by
// remixRequestHandler, everything else by the middleware. Its brotli keeps a window of 256 KB
// rather than 4 MB: a data answer is rarely larger, and a compressor set up for 4 MB for each
// answer in flight cost a loaded server more than the compressing itself.
const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } });

// express.static stats the disk for every address it is given, a page's too (~5% of a page's
// time): it is given only the files public/ held at start (favicon …; /build has its own).
const publicFiles = new Set(
  fs
    .readdirSync("public", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative("public", path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .filter((file) => !file.startsWith("/build/")),
);
const publicStatic = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (publicFiles.has(decodedPath(req.path)) ? compress(req, res, () => publicStatic(req, res, next)) : next()));

app.all(
  "*",
  remixRequestHandler({
    build,
    mode: config.NODE_ENV,
    compress,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: (req.ip ?? "").replace(/^::ffff:(?=\d+\.)/, ""),
      setCookie: (cookie: string) => {
        if (!res.headersSent) res.append("Set-Cookie", cookie);
      },
    }),
  }),
);

function decodedPath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

const onListening = () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(`Chapter is ready on http://localhost:${port}`);
};
const server = config.HOST ? app.listen(config.PORT, config.HOST, onListening) : app.listen(config.PORT, onListening);

// Membership expiry reminders: hourly; safe with several instances (each mail is claimed once).
const REMINDER_INTERVAL_MS = 60 * 60 * 1000;
async function remindExpiringMemberships() {
  try {
    const sent = await sendExpiryReminders();
    if (sent) console.log(`Sent ${sent} membership expiry reminder(s)`);
  } catch (error) {
    console.error("Membership reminders failed:", error);
  }
  try {
    const expired = await expireUnpaidTickets();
    if (expired) console.log(`Cancelled ${expired} unpaid ticket order(s); their seats are free again`);
  } catch (error) {
    console.error("Expiring unpaid tickets failed:", error);
  }
}
const reminders = setInterval(remindExpiringMemberships, REMINDER_INTERVAL_MS);
reminders.unref();
void remindExpiringMemberships();
// Off unless BACKUP_DIR is set; with several instances one of them runs it (claimed in the database).
const stopNightlyBackups = scheduleNightlyBackups();

// Calendar alerts: every minute, so one arrives about its lead time before its occurrence;
// safe with several instances (each occurrence's alert is claimed once, calendar_alerts_sent).
const ALERT_INTERVAL_MS = 60 * 1000;
async function sendDueCalendarAlerts() {
  try {
    const sent = await sendCalendarAlerts();
    if (sent) console.log(`Sent ${sent} calendar alert(s)`);
  } catch (error) {
    console.error("Calendar alerts failed:", error);
  }
}
const calendarAlerts = setInterval(sendDueCalendarAlerts, ALERT_INTERVAL_MS);
calendarAlerts.unref();

// The weekly digest: looked at every quarter of an hour, sent on the club's digest day; safe
// with several instances (each member's week is claimed once, weekly_digests).
const DIGEST_INTERVAL_MS = 15 * 60 * 1000;
async function sendDueWeeklyDigests() {
  try {
    const sent = await sendWeeklyDigests();
    if (sent) console.log(`Sent ${sent} weekly digest(s)`);
  } catch (error) {
    console.error("Weekly digests failed:", error);
  }
}
const weeklyDigests = setInterval(sendDueWeeklyDigests, DIGEST_INTERVAL_MS);
weeklyDigests.unref();
void sendDueWeeklyDigests();

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping`);
  clearInterval(reminders);
  stopNightlyBackups();
  clearInterval(calendarAlerts);
  clearInterval(weeklyDigests);
  const force = setTimeout(() => {
    console.error("Requests still open after the grace period; closing them");
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Open pages' live streams end now (their browsers reconnect, to another instance if any),
  // rather than holding the stop for the grace period.
  void closeLiveBus();
  server.close(async () => {
    await db.destroy();
    console.log("Stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
