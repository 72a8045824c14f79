// npm run bench:live -- --database postgres://user@host:5432/db [--streams 500] [--seconds 20] [--rounds 30] [--before DIR]
// Live updates on PostgreSQL (docs/performance.md, "Live updates"):
// (a) the database's queries a second while --streams members each keep a conversation page open
//     and nothing happens: each opens its page's live stream (GET /user/live?chat=…) and the
//     bench counts the database's committed transactions over --seconds (pg_stat_database's
//     xact_commit delta, less the bench's own reads of it; every statement the app runs outside a
//     transaction commits one, so this is its queries a second) and the rows read (tup_returned),
//     after 12 s for PostgreSQL to count the work of connecting; and the same with no stream
//     open (the instances' own timers), for comparison.
//     With --before DIR (a checkout of the code before, built with `npm run build`: 189374f, whose
//     chat page opened /user/chat/<id>/events, which polled), the same for its streams.
// (b) the time from a message sent through one instance (POST /user/chat/<id>, as the page's
//     fetcher sends it) to its arrival on the recipient's stream served by another instance, both
//     on the same database: --rounds messages one after another; median, p95 and the slowest.
// The database named by --database is dropped and created anew. Build first (`npm run build`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, type Server, startChapter } from "./servers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: process.env.BENCH_DATABASE_URL },
    streams: { type: "string", default: "500" },
    seconds: { type: "string", default: "20" },
    rounds: { type: "string", default: "30" },
    before: { type: "string" },
  },
});
if (!args.database) throw new Error("Give a PostgreSQL database to use (and drop): --database postgres://…/chapter_bench_live");
const STREAMS = Number(args.streams);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const SETTLE_MS = 12_000;
const databaseUrl = new URL(args.database);
const databaseName = databaseUrl.pathname.slice(1);

// A fresh database, migrated by this checkout's code, before the app's modules are loaded.
const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl.href), { pathname: "/postgres" }).href });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${databaseName}`);
await admin.end();
process.env.DATABASE_URL = databaseUrl.href;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-bench-live-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET ??= "bench-secret-that-is-long-enough-for-the-schema";
const { db, nowIso } = await import("../../app/lib/db.server.ts");
const { migrateToLatest } = await import("../../app/lib/migrate.server.ts");
const { createMember } = await import("../../app/features/members/members.server.ts");
const { signedIn } = await import("./cookie.ts");
await migrateToLatest(db, path.join(ROOT, "migrations"));

// A partner, friends with every other member; each of those keeps their conversation with the partner open.
console.log(`Creating ${STREAMS} members, each a friend of one…`);
const partner = await createMember({ name: "Pat Partner", email: "partner@bench.chapter", password: "bench-password", memberType: "entrepreneur" });
const first = await createMember({ name: "Member 0", email: "member0@bench.chapter", password: "bench-password", memberType: "entrepreneur" });
const { password_hash } = await db.selectFrom("users").select("password_hash").where("id", "=", first).executeTakeFirstOrThrow();
const members = [first];
for (let start = 1; start < STREAMS; start += 100) {
  const rows = Array.from({ length: Math.min(100, STREAMS - start) }, (_, index) => {
    const n = start + index;
    return {
      name: `Member ${n}`,
      search_name: `member ${n}`,
      email: `member${n}@bench.chapter`,
      password_hash,
      role: "member",
      member_type: "entrepreneur",
      created_at: nowIso(),
      updated_at: nowIso(),
    } as const;
  });
  members.push(...(await db.insertInto("users").values(rows).returning("id").execute()).map((row) => row.id));
}
await db
  .insertInto("friendships")
  .values(members.map((id) => ({ requester_id: id, addressee_id: partner, status: "accepted", created_at: nowIso(), accepted_at: nowIso() })))
  .execute();
const sessions = await Promise.all(members.map((id) => signedIn(id)));
const partnerSession = await signedIn(partner);
// The bench's own connections close: PostgreSQL counts their work now, not in a measurement.
await db.destroy();

type Stream = { text: () => string; close: () => void; opened: Promise<void> };

/** A browser's EventSource, as far as the bench needs: the stream's text as it arrives. */
function openStream(url: string, cookie: string): Stream {
  const controller = new AbortController();
  let text = "";
  let markOpened = () => {};
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  void (async () => {
    try {
      const response = await fetch(url, { headers: { Cookie: cookie, Accept: "text/event-stream" }, signal: controller.signal });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        markOpened();
      }
    } catch (error) {
      if (!controller.signal.aborted) console.error("stream failed", error);
    }
  })();
  return { text: () => text, close: () => controller.abort(), opened };
}

/** The database's committed transactions and rows read so far (pg_stat_database), read on a connection of the bench's own. */
async function databaseStats(client: pg.Client) {
  await client.query("select pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ xact_commit: string; tup_returned: string }>(
    "select xact_commit, tup_returned from pg_stat_database where datname = current_database()",
  );
  return { commits: Number(rows[0].xact_commit), rows: Number(rows[0].tup_returned) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** (a): the queries a second with `count` idle open streams on `server` (none: the instances' own background work). */
async function idleQueries(server: Server, streamPath: (partnerId: number) => string, count: number) {
  const streams = sessions.slice(0, count).map((session) => openStream(server.url + streamPath(partner), session.cookie));
  await Promise.all(streams.map((stream) => stream.opened));
  // Past the streams' catch-up on connecting: PostgreSQL 15 counts an idle connection's work
  // within 10 s (PGSTAT_IDLE_INTERVAL), so the measurement waits that long first.
  await sleep(SETTLE_MS);
  const stats = new pg.Client({ connectionString: databaseUrl.href });
  await stats.connect();
  // The bench's own reading (two statements each time) is measured with nothing else running.
  const before = await databaseStats(stats);
  await sleep(SECONDS * 1000);
  const after = await databaseStats(stats);
  await stats.end();
  for (const stream of streams) stream.close();
  const ownCommits = 2; // pg_stat_clear_snapshot() and the select, once
  return { perSecond: (after.commits - before.commits - ownCommits) / SECONDS, rowsPerSecond: (after.rows - before.rows) / SECONDS };
}

/** (b): from a message sent through `sender` to its arrival on the recipient's stream from `receiver`. */
async function crossInstance(sender: Server, receiver: Server, streamPath: (partnerId: number) => string) {
  const recipient = sessions[0];
  const stream = openStream(receiver.url + streamPath(partner), recipient.cookie);
  await stream.opened;
  await sleep(500);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const body = `bench message ${round} ${Date.now()}`;
    const started = performance.now();
    const sent = await fetch(`${sender.url}/user/chat/${members[0]}`, {
      method: "POST",
      headers: { Cookie: partnerSession.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: partnerSession.csrfToken, body, live: "1" }),
    });
    if (!sent.ok) throw new Error(`sending failed: ${sent.status} ${await sent.text()}`);
    await sent.arrayBuffer();
    while (!stream.text().includes(body)) await sleep(1);
    times.push(performance.now() - started);
    // A random pause, so that the messages do not fall in step with a polling stream's period.
    await sleep(100 + Math.random() * 1000);
  }
  stream.close();
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  return { median: at(0.5), p95: at(0.95), max: times[times.length - 1] };
}

async function startPair(name: string, folder: string) {
  const servers: Server[] = [];
  for (const which of ["A", "B"]) {
    const instanceDir = path.join(dataDir, `${name}-${which}`);
    fs.mkdirSync(instanceDir, { recursive: true });
    servers.push(
      await startChapter(`${name} ${which}`, await freePort(), { cwd: folder, dataDir: instanceDir, server: path.join(folder, "build/server/server.js") }),
    );
  }
  return servers;
}

const LIVE = (partnerId: number) => `/user/live?chat=${partnerId}&after=0`;
const POLLED = (partnerId: number) => `/user/chat/${partnerId}/events?after=0`;
const results: string[] = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;

for (const [name, folder, streamPath] of [
  ...(args.before ? ([["before (polling)", path.resolve(args.before), POLLED]] as const) : []),
  ["after (LISTEN/NOTIFY)", ROOT, LIVE],
] as const) {
  console.log(`${name}: two instances of ${folder}`);
  const [a, b] = await startPair(name.split(" ")[0], folder);
  try {
    const quiet = await idleQueries(a, streamPath, 0);
    const idle = await idleQueries(a, streamPath, STREAMS);
    results.push(
      `${name}: ${STREAMS} idle streams: ${idle.perSecond.toFixed(1)} queries/s (${idle.rowsPerSecond.toFixed(0)} rows read/s); ` +
        `the two instances with no stream open: ${quiet.perSecond.toFixed(1)} queries/s (${quiet.rowsPerSecond.toFixed(0)} rows read/s)`,
    );
    console.log(results.at(-1));
    const latency = await crossInstance(a, b, streamPath);
    results.push(
      `${name}: sent through A, arrived on B's stream: median ${ms(latency.median)}, p95 ${ms(latency.p95)}, slowest ${ms(latency.max)} (${ROUNDS} messages)`,
    );
    console.log(results.at(-1));
  } finally {
    await a.stop();
    await b.stop();
  }
}

console.log(`\n${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores, PostgreSQL on the same machine:`);
for (const line of results) console.log(`  ${line}`);
fs.rmSync(dataDir, { recursive: true, force: true });
