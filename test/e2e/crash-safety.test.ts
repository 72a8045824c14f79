import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { afterAll, expect, test } from "vitest";
import { TMP } from "../setup/paths";
import { startServer, stopServer } from "./global-server";

// The real server, on its own data folder, gets a stream of writes (contacts, posts with a
// photo, free tickets), is killed with SIGKILL in the middle of it, and is started again on
// the same folder: what it acknowledged is there, the database is sound, every stored file
// is whole, and it answers again at once.

const dataDir = path.join(TMP, "crash-data");
const STREAM_MS = 1_500;
const EVENTS = 1_000;
let running: Awaited<ReturnType<typeof startServer>> | undefined;

afterAll(async () => {
  if (running) await stopServer(running.child);
});

/** A browser's cookie jar and anti-forgery token, for scripted requests. */
class Visitor {
  private cookies = new Map<string, string>();
  csrf = "";
  constructor(public baseURL: string) {}

  async request(pathname: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    if (this.csrf) headers.set("X-CSRF-Token", this.csrf);
    const response = await fetch(`${this.baseURL}${pathname}`, { ...init, headers, redirect: "manual" });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      this.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response;
  }

  async readToken(pathname: string) {
    const html = await (await this.request(pathname)).text();
    const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`No anti-forgery token on ${pathname}`);
    this.csrf = token;
  }

  async signUp(name: string, email: string) {
    await this.readToken("/signup");
    const response = await this.request("/signup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: this.csrf, name, email, password: "crash test password", memberType: "business_contact" }),
    });
    if (response.status !== 302) throw new Error(`Sign-up answered ${response.status}`);
    await this.readToken("/user/contacts/add");
  }
}

const acknowledged = (response: Response) => response.status >= 200 && response.status < 400;

/** Runs `write(n)` again and again until `stop()`; `n` of each acknowledged write goes in `acked`. */
async function stream(acked: number[], write: (n: number) => Promise<Response>, stop: () => boolean, limit: number) {
  for (let n = 0; n < limit && !stop(); n += 1) {
    try {
      const response = await write(n);
      await response.arrayBuffer();
      if (acknowledged(response)) acked.push(n);
    } catch {
      break; // the server is gone
    }
  }
  return acked;
}

/** Free events a year ahead, organised by the member with this e-mail, written straight in. */
function futureEvents(databaseFile: string, ownerEmail: string) {
  const database = new SQLite(databaseFile);
  try {
    database.pragma("busy_timeout = 5000");
    const ownerId = (database.prepare("select id from users where email = ?").get(ownerEmail) as { id: number }).id;
    const start = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const now = new Date().toISOString();
    const insert = database.prepare(
      `insert into events (owner_id, title, starts_at, ends_at, starts_at_utc, ends_at_utc, time_zone, venue, city, currency,
         general_capacity, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'UTC', 'The Hall', 'Lagos', 'USD', 100, ?, ?)`,
    );
    return Array.from({ length: EVENTS }, (_, i) =>
      Number(
        insert.run(ownerId, `Breakfast ${i}`, `${start}T08:00`, `${start}T10:00`, `${start}T08:00:00.000Z`, `${start}T10:00:00.000Z`, now, now).lastInsertRowid,
      ),
    );
  } finally {
    database.close();
  }
}

test("a server killed with SIGKILL mid-stream keeps every acknowledged write, a sound database and whole files, and answers again within 2 s", async () => {
  running = await startServer(dataDir);
  const firstStartMs = running.readyMs;
  const databaseFile = path.join(dataDir, "chapter.db");
  const organiser = new Visitor(running.baseURL);
  await organiser.signUp("Olu Organiser", "olu@example.com");
  const member = new Visitor(running.baseURL);
  await member.signUp("Mara Member", "mara@example.com");
  const events = futureEvents(databaseFile, "olu@example.com");
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

  let killed = false;
  const stop = () => killed;
  const [contacts, posts, tickets]: number[][] = [[], [], []];
  const streams = Promise.all([
    stream(
      contacts,
      (n) =>
        member.request("/user/contacts/add", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: `Crash contact ${n}`, email: `crash${n}@example.com` }),
        }),
      stop,
      2_000,
    ),
    stream(
      posts,
      (n) => {
        const body = new FormData();
        body.append("message", `Crash post ${n}`);
        body.append("privacy", "public");
        body.append("attachments", new Blob([new Uint8Array(photo)], { type: "image/png" }), `photo-${n}.png`);
        return member.request("/user/timeline/post/new", { method: "POST", body });
      },
      stop,
      500,
    ),
    stream(
      tickets,
      (n) =>
        member.request(`/user/event/payment_form?event_id=${events[n]}&ticket_type=general`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        }),
      stop,
      EVENTS,
    ),
  ]);
  // A busy machine is slower: the stream goes on until every kind of write has been
  // acknowledged a few times (within reason), then the server is killed in its middle.
  const started = Date.now();
  const enough = () => contacts.length > 3 && posts.length > 0 && tickets.length > 3;
  while ((Date.now() - started < STREAM_MS || !enough()) && Date.now() - started < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = new Promise((resolve) => running!.child.once("exit", resolve));
  running.child.kill("SIGKILL");
  killed = true;
  await exited;
  running = undefined;
  await streams;
  // The writes were going on when it died (none of the streams had run out).
  expect(contacts.length).toBeGreaterThan(3);
  expect(posts.length).toBeGreaterThan(0);
  expect(tickets.length).toBeGreaterThan(3);
  expect(tickets.length).toBeLessThan(EVENTS);

  running = await startServer(dataDir, {}, { fresh: false });
  const restartMs = running.readyMs;

  const database = new SQLite(databaseFile, { readonly: true });
  try {
    expect(database.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(database.pragma("foreign_key_check")).toEqual([]);
    const memberId = (database.prepare("select id from users where email = ?").get("mara@example.com") as { id: number }).id;

    const contactNames = new Set(database.prepare("select name from contacts where owner_id = ?").pluck().all(memberId) as string[]);
    for (const n of contacts) expect(contactNames, `Crash contact ${n}`).toContain(`Crash contact ${n}`);

    const heldEvents = new Set(database.prepare("select event_id from tickets where holder_id = ? and status = 'issued'").pluck().all(memberId) as number[]);
    for (const n of tickets) expect(heldEvents, `the ticket for event ${n}`).toContain(events[n]);

    const postPhotos = new Map(
      (
        database
          .prepare(
            "select posts.message, count(post_files.file_id) as photos from posts left join post_files on post_files.post_id = posts.id where posts.author_id = ? group by posts.id",
          )
          .all(memberId) as { message: string; photos: number }[]
      ).map((row) => [row.message, row.photos]),
    );
    for (const n of posts) expect(postPhotos.get(`Crash post ${n}`), `Crash post ${n}`).toBe(1);

    // Every recorded file is whole where its row says; what was being received when the
    // server died is only ever in the temporary folder, which no row names.
    const files = database.prepare("select storage_key, thumbnail_key, size, media_type from files").all() as {
      storage_key: string;
      thumbnail_key: string | null;
      size: number;
      media_type: string;
    }[];
    expect(files.length).toBeGreaterThanOrEqual(posts.length);
    const uploads = path.join(dataDir, "uploads");
    for (const file of files) {
      expect(file.storage_key.startsWith(".incoming")).toBe(false);
      expect(fs.statSync(path.join(uploads, file.storage_key)).size, file.storage_key).toBe(file.size);
      const metadata = await sharp(path.join(uploads, file.storage_key)).metadata();
      expect(metadata.format).toBe("png");
      expect(file.thumbnail_key).not.toBeNull();
      await sharp(path.join(uploads, file.thumbnail_key!)).metadata();
    }
  } finally {
    database.close();
  }

  // And the member is still signed in, and finds the last contact the server acknowledged.
  member.baseURL = running.baseURL;
  const last = `Crash contact ${contacts.at(-1)}`;
  const list = await member.request(`/user/contacts?q=${encodeURIComponent(last)}`);
  expect(list.status).toBe(200);
  expect(await list.text()).toContain(last);

  // Within 2 s on a quiet machine; on a loaded one, no slower than the first start measured
  // in this run (which also migrated a new database), so load alone does not fail the test.
  console.info(`restart after the crash: ${restartMs} ms to answer (first start: ${firstStartMs} ms)`);
  expect(restartMs, `from spawning the server to its first 200 from /healthz (first start: ${firstStartMs} ms)`).toBeLessThan(
    Math.max(2_000, firstStartMs * 1.25),
  );
});
