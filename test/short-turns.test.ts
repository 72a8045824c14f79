import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { inShortTurns } from "~/lib/short-turns.server";

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

let closeServer = () => {};
afterEach(() => closeServer());

/** A server whose every answer takes `busyMs` of synchronous work, with or without short turns; `events` records starts and accepted connections in order. */
async function busyServer(busyMs: number, { shortTurns }: { shortTurns: boolean }) {
  const events: string[] = [];
  let onFirstStart = () => {};
  const app = express();
  if (shortTurns) app.use(inShortTurns(4));
  app.get("/:name", (req, res) => {
    events.push(`start ${req.params.name}`);
    if (req.params.name === "q0") onFirstStart();
    busyFor(busyMs);
    res.end(req.params.name);
  });
  const server = app.listen(0, "127.0.0.1");
  server.on("connection", () => events.push("connection"));
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => {
    server.closeAllConnections();
    server.close();
  };
  const port = (server.address() as AddressInfo).port;
  return { events, port, whenFirstStarts: (then: () => void) => (onFirstStart = then) };
}

/** Sends GET /name on an open socket and resolves with the answer's body. */
function ask(socket: net.Socket, name: string) {
  return new Promise<string>((resolve) => {
    let answer = "";
    const read = (chunk: Buffer) => {
      answer += chunk.toString();
      const body = /\r\n\r\n([\s\S]*)$/.exec(answer);
      const length = /content-length: (\d+)/i.exec(answer);
      if (body && length && Buffer.byteLength(body[1]) >= Number(length[1])) {
        socket.off("data", read);
        resolve(body[1]);
      }
    };
    socket.on("data", read);
    socket.write(`GET /${name} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`);
  });
}

async function openSockets(port: number, count: number) {
  const sockets = Array.from({ length: count }, () => net.connect(port, "127.0.0.1"));
  await Promise.all(sockets.map((socket, index) => ask(socket, `warm${index}`)));
  return sockets;
}

/** Ten requests at once on open connections; while the first runs, a visitor connects. Returns how many had started when the visitor was accepted. */
async function startsBeforeAVisitorIsAccepted(shortTurns: boolean) {
  const server = await busyServer(3, { shortTurns });
  const sockets = await openSockets(server.port, 10);
  server.events.length = 0;
  let visitor: net.Socket | undefined;
  server.whenFirstStarts(() => (visitor = net.connect(server.port, "127.0.0.1")));
  const answers = await Promise.all(sockets.map((socket, index) => ask(socket, `q${index}`)));
  expect(answers).toEqual(sockets.map((_, index) => `q${index}`));
  expect(await ask(visitor!, "visitor")).toBe("visitor");
  for (const socket of [...sockets, visitor!]) socket.destroy();
  const starts = server.events.filter((event) => event.startsWith("start q"));
  expect(starts).toEqual(sockets.map((_, index) => `start q${index}`)); // each once, in the order they came
  return server.events.indexOf("connection");
}

test("a connection opened while requests queue is accepted after a turn's share of them, not after all of them", async () => {
  // Each answer takes 3 ms and a turn 4 ms of them: the next turn's poll accepts the visitor
  // after the first two (a turn or two later on a busy machine). Without short turns the ten
  // run in one turn, and the visitor waits for all of them.
  const withTurns = await startsBeforeAVisitorIsAccepted(true);
  expect(withTurns).toBeGreaterThan(0);
  expect(withTurns).toBeLessThanOrEqual(5);
  const without = await startsBeforeAVisitorIsAccepted(false);
  expect(without).toBe(10);
});

test("every request starts once, in the order it came, and each turn starts at least one", async () => {
  const started: number[] = [];
  const turnOf: number[] = [];
  let turn = 0;
  let ticking = true;
  // One immediate a turn: set from the check phase, it runs in the next one, before the requests deferred there.
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const middleware = inShortTurns(4);
  const all = Array.from(
    { length: 12 },
    (_, index) =>
      new Promise<void>((resolve) =>
        middleware({} as express.Request, {} as express.Response, () => {
          started.push(index);
          turnOf.push(turn);
          busyFor(index === 5 ? 9 : 1.5); // one request longer than a turn's budget
          resolve();
        }),
      ),
  );
  await Promise.all(all);
  ticking = false;
  expect(started).toEqual(Array.from({ length: 12 }, (_, index) => index));
  const perTurn = new Map<number, number[]>();
  turnOf.forEach((at, index) => perTurn.set(at, [...(perTurn.get(at) ?? []), index]));
  for (const indexes of perTurn.values()) {
    // A turn starts requests while under its budget: at most three of 1.5 ms (0, 1.5, 3 ms in).
    expect(indexes.length).toBeLessThanOrEqual(3);
    // The 9-ms request uses its turn up: it is the last to start in it.
    if (indexes.includes(5)) expect(indexes.at(-1)).toBe(5);
  }
  expect(perTurn.size).toBeGreaterThanOrEqual(4);
  // No turn between the first start and the last went by without one.
  const turns = [...perTurn.keys()];
  expect(turns).toEqual(Array.from({ length: turns.length }, (_, index) => turns[0] + index));
});
