import { EventEmitter } from "node:events";
import { type Kysely, sql } from "kysely";
import type pg from "pg";
import type { DB } from "./db-schema";
import { db } from "./db.server";
import { databaseUrl, isPostgresUrl } from "./env.server";
import { loadPg } from "./on-first-use.server";
import { forget, remember } from "./remember.server";

/**
 * What changed for a member: a chat message to or from them (or their unread ones read), a
 * notification, a friend request (also a notification), a friendship ended or begun. The bus
 * says only that: whoever listens reads what it needs by its last id, so a signal lost (a
 * dropped connection) loses nothing but a moment.
 */
export type LiveKind = "message" | "notification" | "friend_request" | "friendship";
/** `resync`: the bus may have missed signals (its connection to the database came back): read
 * everything again. `shutdown`: this instance is stopping: end (the browser reconnects, to
 * another instance behind a load balancer). */
export type LiveSignal = LiveKind | "resync" | "shutdown";
export type LiveListener = (signal: LiveSignal) => void;

const KINDS: readonly LiveKind[] = ["message", "notification", "friend_request", "friendship"];
/** PostgreSQL's channel (one for the whole app: a payload names the members). */
export const LIVE_CHANNEL = "chapter_live";
/** The listening connection's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = "chapter live listener";

/** `kind:1,2,3`: small (NOTIFY's payload is limited to 8,000 bytes; a signal names a few members). */
export function encodeSignal(memberIds: readonly number[], kind: LiveKind) {
  return `${kind}:${[...new Set(memberIds)].join(",")}`;
}

export function decodeSignal(payload: string): { kind: LiveKind; memberIds: number[] } | null {
  const [kind, ids] = payload.split(":");
  if (!KINDS.includes(kind as LiveKind) || !ids) return null;
  const memberIds = ids.split(",").map(Number).filter(Number.isSafeInteger);
  return memberIds.length ? { kind: kind as LiveKind, memberIds } : null;
}

/** The listeners of this process, by member. */
class Listeners {
  readonly #emitter = new EventEmitter().setMaxListeners(0);

  add(memberId: number, listener: LiveListener) {
    this.#emitter.on(String(memberId), listener);
    this.#emitter.on("*", listener);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.#emitter.off(String(memberId), listener);
      this.#emitter.off("*", listener);
    };
  }

  deliver(memberIds: readonly number[], kind: LiveKind) {
    for (const id of new Set(memberIds)) this.#emitter.emit(String(id), kind);
  }

  resyncAll() {
    this.#emitter.emit("*", "resync");
  }

  shutdownAll() {
    this.#emitter.emit("*", "shutdown");
  }
}

export type LiveBus = {
  /** Tells the listeners of `memberIds` (on every instance) that `kind` changed for them. With a
   * transaction as `executor`, the signal goes out only if it commits. */
  announce(memberIds: readonly number[], kind: LiveKind, executor?: Kysely<DB>): Promise<void>;
  /** Calls `listener` whenever something changes for `memberId`; returns the unsubscribe. */
  subscribe(memberId: number, listener: LiveListener): () => void;
  /** Resolves once signals from other instances are being received (PostgreSQL's LISTEN is in place). */
  ready(): Promise<void>;
  /** Tells every listener `shutdown` and stops listening. */
  close(): Promise<void>;
};

/**
 * SQLite: one process, so the bus is in the process. A signal is delivered on the next turn of
 * the event loop; inside a transaction the listeners' reads wait for the one connection, which
 * the transaction holds until it commits, so they read what it wrote.
 */
export function inProcessBus(): LiveBus {
  const listeners = new Listeners();
  return {
    async announce(memberIds, kind) {
      setImmediate(() => listeners.deliver(memberIds, kind));
    },
    subscribe: (memberId, listener) => listeners.add(memberId, listener),
    ready: async () => {},
    close: async () => listeners.shutdownAll(),
  };
}

export type PostgresBusOptions = {
  /** The first wait before reconnecting after the listening connection dropped, doubled each failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** `pg` itself (loaded on first use). */
  pg?: typeof pg;
  log?: (message: string, error?: unknown) => void;
  /** The listening connection's application_name (LISTENER_NAME). */
  name?: string;
};

/**
 * PostgreSQL: NOTIFY on one channel, and one dedicated connection per instance LISTENing to it
 * (opened when the first listener subscribes), so a signal written through any instance reaches
 * the listeners of every instance. PostgreSQL delivers a NOTIFY sent inside a transaction at its
 * commit, and not at all if it rolls back. When the listening connection drops it is opened
 * again, waiting a little longer after each failure; once it is back every listener is told to
 * `resync` (signals sent meanwhile were lost, what they told of was not).
 */
export function postgresBus(url: string, executor: Kysely<DB>, options: PostgresBusOptions = {}): LiveBus {
  const { backoffMs = 100, maxBackoffMs = 5_000, log = (message, error) => console.error(message, error ?? ""), name = LISTENER_NAME } = options;
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  async function connect() {
    const pgModule = options.pg ?? (await loadPg());
    // keepAlive: a connection that silently went away (a dead peer) is noticed and replaced.
    const next = new pgModule.Client({ connectionString: url, application_name: name, keepAlive: true });
    next.on("notification", (message) => {
      const signal = message.channel === LIVE_CHANNEL && message.payload ? decodeSignal(message.payload) : null;
      if (signal) listeners.deliver(signal.memberIds, signal.kind);
    });
    next.on("error", (error) => dropped(next, error));
    next.on("end", () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    failures = 0;
    // Signals sent while nobody listened are lost (before the first connection too, to the
    // streams that subscribed meanwhile): whoever listens reads again.
    listeners.resyncAll();
  }

  function attempt() {
    retry = undefined;
    connecting = connect().then(
      () => {
        connecting = null;
      },
      (error) => {
        connecting = null;
        log("live updates: could not LISTEN on PostgreSQL; trying again", error);
        schedule();
      },
    );
  }

  function schedule() {
    if (closed || retry || connecting || client) return;
    const wait = Math.min(maxBackoffMs, backoffMs * 2 ** failures);
    failures += 1;
    retry = setTimeout(attempt, wait);
  }

  function dropped(which: pg.Client, error?: unknown) {
    if (client !== which) return;
    client = null;
    which.end().catch(() => {});
    if (closed) return;
    log("live updates: the listening connection to PostgreSQL dropped; reconnecting", error);
    schedule();
  }

  function start() {
    if (!client && !connecting && !retry && !closed) attempt();
  }

  return {
    async announce(memberIds, kind, on = executor) {
      if (memberIds.length === 0) return;
      await sql`select pg_notify(${LIVE_CHANNEL}, ${encodeSignal(memberIds, kind)})`.execute(on);
    },
    subscribe(memberId, listener) {
      start();
      return listeners.add(memberId, listener);
    },
    async ready() {
      start();
      while (!client && !closed) await (connecting ?? new Promise((resolve) => setTimeout(resolve, 20)));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      listeners.shutdownAll();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

/** This process's bus: in the process on SQLite, LISTEN/NOTIFY on PostgreSQL. */
export function liveBus(): LiveBus {
  return remember("live-bus", () => {
    const url = databaseUrl();
    return isPostgresUrl(url) ? postgresBus(url, db) : inProcessBus();
  });
}

/** `liveBus().announce`: call after the change is committed, or with the transaction as `executor`. */
export function announce(memberIds: readonly number[], kind: LiveKind, executor?: Kysely<DB>) {
  return liveBus().announce(memberIds, kind, executor);
}

/** Closes this process's bus, if it was opened (its listening connection, on PostgreSQL): on shutdown, and after tests. */
export async function closeLiveBus() {
  const store = globalThis as unknown as { __chapter?: Map<string, unknown> };
  const bus = store.__chapter?.get("live-bus") as LiveBus | undefined;
  forget("live-bus");
  await bus?.close();
}
