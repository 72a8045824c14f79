import { compiledOnce, rowsOf } from "~/lib/compiled-query.server";
import { db } from "~/lib/db.server";

// What the calendar page and feed work out from a member's task groups and marks (a month of
// 200 series is some 1,300 occurrences counted, timed and sorted) kept under the token the
// database gives that state (calendar_versions, replaced by triggers on every write:
// migrations/202612070200_calendar_versions.ts). Each request reads the token, one small
// query, so whichever instance wrote the change, every instance reads the calendar again.

const versionOf = compiledOnce((memberId: number) => db.selectFrom("calendar_versions").select("version").where("member_id", "=", memberId));

/** The token of the member's calendar as it is now; "" when they have never had a task. */
export async function calendarVersion(memberId: number) {
  const [row] = await rowsOf(versionOf(memberId));
  return row?.version ?? "";
}

export type Made<T> = {
  value: T;
  /** Until when (ms) the value holds for its state: a pending occurrence that ends becomes
   * missed (Infinity: nothing changes with time). */
  holdsUntil: number;
  /** Its share of the store's budget (roughly, the occurrences it holds). */
  cost: number;
};

/**
 * Values worked out from a member's calendar, under their state's token and a key naming
 * everything else they depend on (the range, today, the member's time zone…): up to `budget`
 * in all (Made.cost), the least recently used forgotten first.
 */
export class KeptCalendars<T> {
  private entries = new Map<string, { value: T; holdsUntil: number; cost: number }>();
  private size = 0;
  constructor(private readonly budget: number) {}

  /** The value for the member's calendar as it is now: kept, or made (and then kept). */
  async get(memberId: number, key: string, make: () => Promise<Made<T>>): Promise<T> {
    // The token is read before the calendar: a change committed in between gives a new token,
    // so what was read is never kept under one it does not match (checked again below).
    const version = await calendarVersion(memberId);
    const name = `${memberId} ${version} ${key}`;
    const kept = this.entries.get(name);
    if (kept !== undefined) {
      this.entries.delete(name);
      if (Date.now() <= kept.holdsUntil) {
        this.entries.set(name, kept);
        return kept.value;
      }
      this.size -= kept.cost;
    }
    const made = await make();
    // A change may have been saved while it was made: then it is not kept (the next request
    // reads the new token).
    if (version && made.cost <= this.budget / 8 && (await calendarVersion(memberId)) === version) this.keep(name, made);
    return made.value;
  }

  private keep(name: string, made: Made<T>) {
    const old = this.entries.get(name);
    if (old !== undefined) {
      this.entries.delete(name);
      this.size -= old.cost;
    }
    this.entries.set(name, { value: made.value, holdsUntil: made.holdsUntil, cost: made.cost });
    this.size += made.cost;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(oldest);
      this.size -= entry.cost;
    }
  }
}
