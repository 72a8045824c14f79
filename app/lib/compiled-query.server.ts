import { type Compilable, type CompiledQuery, createQueryId } from "kysely";
import { db } from "./db.server";

// Building a kysely query and compiling it to SQL costs ~15 µs, three times what running a
// small one on SQLite costs; the home page runs twenty. A query whose shape never changes is
// built and compiled once; each call only puts its values in.

const SLOT = "\u0000slot:";

type Slot = { arg: number } | { value: unknown };

/**
 * `build` turned into a function that gives the compiled query for its arguments, building it
 * only on the first call. `build` must use each argument as a value only (compared, inserted,
 * a limit), never to decide the query's shape or to compute another value: it is called once,
 * with stand-ins. A stand-in found nowhere or inside another value throws at that first call.
 */
export function compiledOnce<Args extends unknown[], Row>(build: (...args: Args) => Compilable<Row>) {
  let compiled: { sql: string; query: CompiledQuery<Row>["query"]; slots: Slot[] } | undefined;
  return (...args: Args): CompiledQuery<Row> => {
    if (!compiled) {
      const standIns = args.map((_, index) => `${SLOT}${index}`) as unknown as Args;
      const { sql, query, parameters } = build(...standIns).compile();
      const slots = parameters.map((value): Slot => {
        if (typeof value === "string" && value.startsWith(SLOT)) return { arg: Number(value.slice(SLOT.length)) };
        if ((typeof value === "string" && value.includes(SLOT)) || Number.isNaN(value))
          throw new Error(`compiledOnce: an argument was used to compute a value (${String(value)}) in ${sql}`);
        return { value };
      });
      const unused = args.findIndex((_, index) => !slots.some((slot) => "arg" in slot && slot.arg === index));
      if (unused !== -1) throw new Error(`compiledOnce: argument ${unused} is not a value of ${sql}`);
      compiled = { sql, query, slots };
    }
    const { sql, query, slots } = compiled;
    return { sql, query, queryId: createQueryId(), parameters: slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value)) };
  };
}

/**
 * `compiledOnce` for each limit asked for: `build(limit)` gives the query's builder for that
 * limit. On SQLite a limit is written into the SQL rather than bound (db.server.ts,
 * InlinedCountsCompiler: a bound limit made SQLite prepare the statement again on every run),
 * so a query whose limit is an argument is a different query for each limit.
 */
export function compiledPerLimit<Args extends unknown[], Row>(build: (limit: number) => (...args: Args) => Compilable<Row>) {
  const byLimit = new Map<number, (...args: Args) => CompiledQuery<Row>>();
  return (limit: number) => {
    let compiled = byLimit.get(limit);
    if (!compiled) byLimit.set(limit, (compiled = compiledOnce(build(limit))));
    return compiled;
  };
}

/**
 * `compiledOnce` for each number of values in a list: `build(count)` gives the query's builder
 * whose arguments end with that many values (`where id in (…)` has a parameter per value, so a
 * list of another length is another query). The same mechanism as `compiledPerLimit`.
 */
export const compiledPerCount = compiledPerLimit;

/** The most shapes `compiledPerShape` keeps; past it, it starts again from none. */
const SHAPES_KEPT = 1_000;

/**
 * `compiledOnce` for each shape of a query built from a member's choices (filters, a sort, a
 * page): `(shape, build)` gives the compiled query's function for that shape, calling `build`
 * with stand-ins the first time the shape is seen. `shape` must name everything that decides
 * the SQL `build` writes (which conditions, how each compares, the order, an inlined limit or
 * offset); what is compared with is given as arguments. Up to SHAPES_KEPT shapes are kept.
 */
export function compiledPerShape() {
  const byShape = new Map<string, unknown>();
  return <Args extends unknown[], Row>(shape: string, build: (...args: Args) => Compilable<Row>): ((...args: Args) => CompiledQuery<Row>) => {
    let compiled = byShape.get(shape) as ((...args: Args) => CompiledQuery<Row>) | undefined;
    if (!compiled) {
      if (byShape.size >= SHAPES_KEPT) byShape.clear();
      byShape.set(shape, (compiled = compiledOnce(build)));
    }
    return compiled;
  };
}

/** Runs a query from `compiledOnce`: its rows. */
export async function rowsOf<Row>(query: CompiledQuery<Row>) {
  return (await db.executeQuery(query)).rows;
}

/** Runs a query from `compiledOnce`: its first row, if any. */
export async function firstRowOf<Row>(query: CompiledQuery<Row>): Promise<Row | undefined> {
  return (await db.executeQuery(query)).rows[0];
}
