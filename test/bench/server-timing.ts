// Loaded into the measured Chapter server by the bench only (node --import), never by the app:
// times each request whose address starts with the watched prefix, from its arrival to the
// last byte of its answer, and hands the times to the bench over the IPC channel.
// The bench sends { watch: "/search_contacts" } (answer: { watching }) and later
// { collect: true } (answer: { times: [ms, …] }).
import http from "node:http";

let prefix: string | null = null;
let times: number[] = [];

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === "request" && prefix) {
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    if (request.url?.startsWith(prefix)) {
      const start = performance.now();
      response.once("finish", () => times.push(performance.now() - start));
    }
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof emit;

process.on("message", (message: { watch?: string; collect?: boolean }) => {
  if (message.watch) {
    prefix = message.watch;
    times = [];
    process.send?.({ watching: prefix });
  } else if (message.collect) {
    process.send?.({ times });
    prefix = null;
    times = [];
  }
});
