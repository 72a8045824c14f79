import type { NextFunction, RequestHandler } from "express";

/** A turn's share of request work, in ms: the bench's 50 connections to the contact list were all accepted within 0.3–0.5 s, not 1–3 s (docs/performance.md). */
export const TURN_BUDGET_MS = 4;

/**
 * Starts requests in short turns of the event loop, in the order they came, so that new
 * connections are accepted while the server is busy.
 *
 * libuv (Node 20) accepts one waiting connection per turn of its loop, and a page's work
 * (its queries on better-sqlite3 are synchronous) runs within the turn its request was read
 * in. Under load a turn held a request from every open connection: 50 connections, 50–100
 * ms a turn, and a visitor opening a connection waited a turn for each one ahead of it in the
 * accept queue (the 30th of 50 opened at once: 1.5 s, while every request was answered within
 * 31 ms of its arrival). Here a request starts on its own `setImmediate`, in the turn's
 * check phase, once the turn's requests so far have run for less than `budgetMs`; otherwise on
 * the next turn, after the loop has polled (accepting one connection and reading the others).
 * The first request of a turn always starts, so each turn moves on. Work a request awaits
 * elsewhere (a file, PostgreSQL) is not counted: it runs when its answer comes.
 */
export function inShortTurns(budgetMs = TURN_BUDGET_MS): RequestHandler {
  let turnStartedAt = 0;
  let turnPending = false;
  const startTurn = () => {
    turnPending = false;
    turnStartedAt = performance.now();
  };
  // Immediates set from the check phase run in the next turn, after the poll; the turn's
  // start goes before the requests set after it.
  const nextTurn = () => {
    if (turnPending) return;
    turnPending = true;
    setImmediate(startTurn);
  };
  const start = (next: NextFunction) => {
    if (performance.now() - turnStartedAt < budgetMs) return next();
    nextTurn();
    setImmediate(start, next);
  };
  return (_req, _res, next) => {
    nextTurn();
    setImmediate(start, next);
  };
}
