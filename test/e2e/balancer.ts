import http from "node:http";
import type net from "node:net";

// A small load balancer for tests that run several Chapter instances (two-instances.test.ts):
// it spreads requests round-robin over the instances its health check (GET /healthz, as a
// real proxy would) finds up, streams bodies both ways as they come (uploads in, pages and
// Server-Sent Events out), and lets a test pin a browser context to one instance with a
// request header. A pin is a preference, as a sticky session is: while the pinned instance is
// down, its requests go to the others.

export const PIN_HEADER = "x-test-instance";
/** Set on every answer: which instance (1, 2 …) served it. */
export const SERVED_BY_HEADER = "x-served-by";

type Upstream = { number: number; host: string; port: number; healthy: boolean; served: number };

const HEALTH_EVERY_MS = 200;
const HEALTH_TIMEOUT_MS = 1_000;
// Answered again by another instance when the chosen one refuses the connection: only those,
// nothing of them has reached the app (the body of a POST may already be gone into the socket).
const RETRIABLE = new Set(["GET", "HEAD"]);
// Hop-by-hop headers are the proxy's own (RFC 9110 §7.6.1), not passed on.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

export async function startBalancer(instanceURLs: string[]) {
  const upstreams: Upstream[] = instanceURLs.map((address, index) => {
    const url = new URL(address);
    return { number: index + 1, host: url.hostname, port: Number(url.port), healthy: true, served: 0 };
  });
  let turn = 0;

  function choose(pinned: number | undefined, tried: Set<Upstream>) {
    const pin = upstreams.find((upstream) => upstream.number === pinned);
    if (pin?.healthy && !tried.has(pin)) return pin;
    const candidates = upstreams.filter((upstream) => upstream.healthy && !tried.has(upstream));
    if (candidates.length === 0) return undefined;
    return candidates[turn++ % candidates.length];
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, tried = new Set<Upstream>()) {
    const pinned = Number(req.headers[PIN_HEADER]) || undefined;
    const upstream = choose(pinned, tried);
    if (!upstream) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("No instance is up");
      return;
    }
    tried.add(upstream);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name) && name !== PIN_HEADER) headers[name] = value;
    // The Host header is kept (the app's links and its anti-forgery origin check use it).
    headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
    headers["x-forwarded-proto"] = "http";
    // agent: false, a connection per request: no pooled socket to an instance that was killed.
    const outgoing = http.request({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers, agent: false });
    outgoing.on("response", (answer) => {
      upstream.served += 1;
      const raw: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase())) raw.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      }
      raw.push(SERVED_BY_HEADER, String(upstream.number));
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
      // Each chunk as it comes (an event stream's events are small and must not wait).
      res.flushHeaders();
      answer.pipe(res);
      // The instance went away in the middle of an answer (killed): the browser's connection
      // goes too, as it would behind a real proxy, so that an event stream reconnects.
      answer.on("close", () => {
        if (!answer.complete) res.destroy();
      });
      answer.on("error", () => res.destroy());
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const refused = error.code === "ECONNREFUSED" || error.code === "ECONNRESET";
      if (refused) upstream.healthy = false;
      if (refused && !res.headersSent && RETRIABLE.has(req.method ?? "")) return forward(req, res, tried);
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" }).end(`Instance ${upstream.number}: ${error.message}`);
      else res.destroy();
    });
    // The browser went away (a closed page, an event stream it ended): so does the request.
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    if (tried.size === 1) req.pipe(outgoing);
    else outgoing.end();
  }

  const server = http.createServer((req, res) => forward(req, res));
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  async function check(upstream: Upstream) {
    upstream.healthy = await fetch(`http://${upstream.host}:${upstream.port}/healthz`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      .then((response) => response.ok)
      .catch(() => false);
  }
  let checking = Promise.resolve();
  const timer = setInterval(() => {
    checking = Promise.all(upstreams.map(check)).then(() => undefined);
  }, HEALTH_EVERY_MS);

  return {
    url: `http://127.0.0.1:${port}`,
    /** Each instance's state as the health check last found it, and how many answers it gave. */
    status: () => upstreams.map(({ number, healthy, served }) => ({ number, healthy, served })),
    async close() {
      clearInterval(timer);
      await checking;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
