// What every benchmark shares: a signed-in member's cookie, a case measured through the
// built request handler, and the printout of each case against the /healthz floor of the
// same run (requests per second and p95, as ratios; no pass/fail timings).
import type { AppLoadContext } from "@remix-run/node";
import { startSession } from "../../app/lib/session.server.ts";

export type Handle = (request: Request, context: AppLoadContext) => Promise<Response>;
export type Result = { label: string; requestsPerSecond: number; p95: number };

const WARM_UP = 20;
/** Each case runs for at least this many requests and this long. */
const MIN_REQUESTS = 200;
const MIN_MS = 2_000;

export async function signedInCookie(memberId: number) {
  const signedIn = await startSession(new Request("http://bench.local/signin"), memberId, { redirectTo: "/user" });
  return signedIn.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
}

export async function measure(handle: Handle, context: AppLoadContext, label: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const run = async () => {
    const response = await handle(new Request(`http://bench.local${url}`, { headers }), context);
    if (response.status !== 200) throw new Error(`${label}: ${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < WARM_UP; i++) await run();
  const latencies: number[] = [];
  const start = performance.now();
  while (latencies.length < MIN_REQUESTS || performance.now() - start < MIN_MS) {
    const before = performance.now();
    await run();
    latencies.push(performance.now() - before);
  }
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  return {
    label,
    requestsPerSecond: (latencies.length / elapsed) * 1000,
    p95: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)],
  };
}

/** The floor's line, then a line per case: its own req/s and p95, then each as a ratio to the
 * floor's (req/s as a fraction of the floor's, p95 as a multiple of it). */
export function printAgainstFloor(heading: string, floor: Result, cases: Result[]) {
  const own = (result: Result) => `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s   p95 ${result.p95.toFixed(2).padStart(7)} ms`;
  console.log(`\n${heading}`);
  console.log(`${"floor /healthz".padEnd(45)} ${own(floor)}`);
  for (const result of cases) {
    console.log(
      `${result.label.padEnd(45)} ${own(result)}   req/s ${(result.requestsPerSecond / floor.requestsPerSecond).toFixed(3)}x floor, p95 ${(result.p95 / floor.p95).toFixed(1)}x floor`,
    );
  }
}
