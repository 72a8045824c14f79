// Loaded into the measured Chapter server by the bench only (node --import), never by the app:
// times each request whose address starts with the watched prefix, from its arrival to the
// last byte of its answer, and hands the times to the bench over the IPC channel.
// Plain JavaScript: the server runs without tsx (`npm start` serves build/server/server.js).
// The bench sends { watch: "/search_contacts" } (answer: { watching }) and later
// { collect: true } (answer: { times: [ms, …] }).
import http from "node:http";

/** @type {string | null} */
let prefix = null;
/** @type {number[]} */
let times = [];

const emit = http.Server.prototype.emit;
/** @this {http.Server} @param {string} event @param {unknown[]} args */
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request" && prefix) {
    const [request, response] = /** @type {[http.IncomingMessage, http.ServerResponse]} */ (args);
    if (request.url?.startsWith(prefix)) {
      const start = performance.now();
      response.once("finish", () => times.push(performance.now() - start));
    }
  }
  return emit.apply(this, /** @type {Parameters<typeof emit>} */ ([event, ...args]));
};

process.on("message", (/** @type {{ watch?: string; collect?: boolean }} */ message) => {
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
