// Load on one case, autocannon over HTTP with 50 connections, alternated between the floor and
// each Chapter build in every round, so that all of them see the same moments of a shared,
// noisy machine. Quote ratios, never absolute req/s.
import autocannon from "autocannon";
import type { Server } from "./servers.ts";

export const CONNECTIONS = 50;

/** A page or call to measure: one address, or several taken in turn. */
export type Case = {
  label: string;
  paths: string[];
  headers?: Record<string, string>;
  /** Text the first address's answer must hold (checked once before the load). */
  expect: string;
  /** Issue 13's target, printed beside the result. */
  target?: string;
  /** Also time it server-side, one request at a time: the address prefix to time. */
  serverTimeOf?: string;
};

export type Round = { requestsPerSecond: number; latencies: number[]; failures: number; cpuMsPerRequest: number };

/** `seconds` of load on `server`; then waits for the answers still owed (autocannon stops
 * counting at the end, but the server goes on with them), so that they do not slow the next round. */
export async function load(server: Server, paths: string[], headers: Record<string, string>, seconds: number, connections = CONNECTIONS) {
  const cpuBefore = server.cpuMs();
  let sent = 0;
  const round = await new Promise<Omit<Round, "cpuMsPerRequest">>((resolve, reject) => {
    const latencies: number[] = [];
    const requests = paths.map((path) => ({ method: "GET", path }));
    autocannon({ url: server.url, connections, duration: seconds, headers, requests }, (error, result) => {
      if (error) reject(error);
      else {
        sent = result.requests.sent;
        resolve({ requestsPerSecond: result.requests.average, latencies, failures: result.errors + result.timeouts + result.non2xx });
      }
    }).on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  await server.settle();
  // Every request sent has been answered by now (settle), so the server's CPU time over the
  // round is theirs (plus one settle request): a figure steadier than req/s on a shared machine.
  return { ...round, cpuMsPerRequest: (server.cpuMs() - cpuBefore) / Math.max(1, sent) };
}

export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];
}

const median = (values: number[]) => percentile(values, 50);

/** A server to load, on the case's own addresses unless `pathsOf` gives others (asked without the case's headers). */
export type Measurable = Server & { pathsOf?: (item: Case) => string[] };

export type Measured = {
  app: Server;
  ratio: number;
  p95: number;
  p99: number;
  failures: number;
  requestsPerSecond: number;
  answered: number;
  cpuMsPerRequest: number;
};

/** Warm-up, then `rounds` rounds of floor, app, app… ; per app the median of its per-round
 * ratio to the floor, and p95/p99 over all its rounds' requests. Each server is first loaded
 * on the case's pages for `warmUp` seconds, not counted: V8 compiles a page's code to its
 * fastest only after thousands of requests (docs/performance.md, "How to measure"). */
export async function measureCase(
  floor: Server,
  apps: Measurable[],
  item: Case,
  { rounds, seconds, warmUp, headers = {} }: { rounds: number; seconds: number; warmUp: number; headers?: Record<string, string> },
) {
  const floorPaths = ["/"];
  const pathsOf = (app: Measurable) => app.pathsOf?.(item) ?? item.paths;
  const headersOf = (app: Measurable) => ({ ...headers, ...(app.pathsOf ? {} : item.headers) });
  if (warmUp > 0) {
    await load(floor, floorPaths, headers, warmUp);
    for (const app of apps) await load(app, pathsOf(app), headersOf(app), warmUp);
  }
  const perApp = apps.map(() => ({ ratios: [] as number[], latencies: [] as number[], failures: 0, rates: [] as number[], cpu: [] as number[] }));
  const floorRates: number[] = [];
  const floorCpu: number[] = [];
  const floorLatencies: number[] = [];
  let floorFailures = 0;
  for (let round = 0; round < rounds; round++) {
    const base = await load(floor, floorPaths, headers, seconds);
    floorRates.push(base.requestsPerSecond);
    floorCpu.push(base.cpuMsPerRequest);
    floorLatencies.push(...base.latencies);
    floorFailures += base.failures;
    // Every other round the apps go in reverse order: none is always the one measured last.
    const order = round % 2 ? [...apps.entries()].reverse() : [...apps.entries()];
    for (const [index, app] of order) {
      const result = await load(app, pathsOf(app), headersOf(app), seconds);
      const mine = perApp[index];
      mine.ratios.push(result.requestsPerSecond / base.requestsPerSecond);
      mine.rates.push(result.requestsPerSecond);
      mine.cpu.push(result.cpuMsPerRequest);
      mine.latencies.push(...result.latencies);
      mine.failures += result.failures;
    }
  }
  return {
    floorRequestsPerSecond: median(floorRates),
    floorCpuMsPerRequest: median(floorCpu),
    // What the framework's own page gets at the same load: the scale for an app's p95.
    floorP95: percentile(floorLatencies, 95),
    floorFailures,
    apps: perApp.map((mine, index): Measured => ({
      app: apps[index],
      ratio: median(mine.ratios),
      p95: percentile(mine.latencies, 95),
      p99: percentile(mine.latencies, 99),
      failures: mine.failures,
      requestsPerSecond: median(mine.rates),
      answered: mine.latencies.length,
      cpuMsPerRequest: median(mine.cpu),
    })),
  };
}
