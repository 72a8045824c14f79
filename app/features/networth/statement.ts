import { isLiability, QUARTERS, type Flow } from "./constants";

// The yearly statement's arithmetic, plain and exact: amounts are integer cents, and sums of
// integers below 2^53 are exact in JavaScript numbers (constants.ts bounds the inputs).

export type EntryValues = { type: string; values: readonly (number | null)[] };
export type LineAmount = { quarter: number; flow: Flow; amount_cents: number };

export type QuarterFigures = {
  quarter: number;
  /** null: nothing was given for this quarter (no entry had a value at its end, or no line). */
  assets: number | null;
  liabilities: number | null;
  netWorth: number | null;
  income: number | null;
  expenses: number | null;
  netIncome: number | null;
};

export type Change = { previousQuarter: number | null; previousYear: number | null };

export type QuarterStatement = QuarterFigures & { netWorthChange: Change; netIncomeChange: Change };

/**
 * An entry's value at each quarter's end: a quarter left empty carries the entry's value from
 * the latest earlier quarter of the same year forward (a house not revalued is still worth
 * what it was); before its first value, the entry counts for nothing.
 */
export function carriedValues(values: readonly (number | null)[]) {
  let last: number | null = null;
  return QUARTERS.map((quarter) => {
    const value = values[quarter - 1] ?? null;
    if (value !== null) last = value;
    return last;
  });
}

/** One year's figures per quarter. A quarter where no entry has a value (given or carried) has
 * no net worth (null, "not given"), rather than a net worth of 0; likewise a quarter with no
 * income or expense line has no income figures. */
export function quarterFigures(entries: readonly EntryValues[], lines: readonly LineAmount[]): QuarterFigures[] {
  const carried = entries.map((entry) => ({ liability: isLiability(entry.type), values: carriedValues(entry.values) }));
  return QUARTERS.map((quarter) => {
    let assets = 0;
    let liabilities = 0;
    let valued = false;
    for (const entry of carried) {
      const value = entry.values[quarter - 1];
      if (value === null) continue;
      valued = true;
      if (entry.liability) liabilities += value;
      else assets += value;
    }
    let income = 0;
    let expenses = 0;
    const own = lines.filter((line) => line.quarter === quarter);
    for (const line of own) {
      if (line.flow === "income") income += line.amount_cents;
      else expenses += line.amount_cents;
    }
    return {
      quarter,
      assets: valued ? assets : null,
      liabilities: valued ? liabilities : null,
      netWorth: valued ? assets - liabilities : null,
      income: own.length ? income : null,
      expenses: own.length ? expenses : null,
      netIncome: own.length ? income - expenses : null,
    };
  });
}

const difference = (now: number | null, before: number | null | undefined) => (now === null || before === null || before === undefined ? null : now - before);

/** The year's quarters with their changes: against the quarter before (Q1 against the previous
 * year's Q4) and against the same quarter a year before. Missing on either side: no change. */
export function yearStatement(year: readonly QuarterFigures[], previousYear: readonly QuarterFigures[]): QuarterStatement[] {
  return year.map((figures, index) => {
    const before = index === 0 ? previousYear[3] : year[index - 1];
    const yearAgo = previousYear[index];
    // Object.assign onto a new object, not a spread and more properties: 0.3 µs against 4 for
    // the year in V8 (Node 20; timeline/posts.server.ts, postHead).
    return Object.assign({}, figures, {
      netWorthChange: { previousQuarter: difference(figures.netWorth, before?.netWorth), previousYear: difference(figures.netWorth, yearAgo?.netWorth) },
      netIncomeChange: { previousQuarter: difference(figures.netIncome, before?.netIncome), previousYear: difference(figures.netIncome, yearAgo?.netIncome) },
    });
  });
}

/** The year's totals: income, expenses and net income summed over the quarters with lines, and
 * the latest net worth of the year (its last quarter with values). */
export function yearTotals(quarters: readonly QuarterFigures[]) {
  const withLines = quarters.filter((quarter) => quarter.income !== null);
  const latest = [...quarters].reverse().find((quarter) => quarter.netWorth !== null) ?? null;
  const sum = (pick: (quarter: QuarterFigures) => number | null) =>
    withLines.length ? withLines.reduce((total, quarter) => total + (pick(quarter) ?? 0), 0) : null;
  return {
    income: sum((quarter) => quarter.income),
    expenses: sum((quarter) => quarter.expenses),
    netIncome: sum((quarter) => quarter.netIncome),
    latestNetWorth: latest ? { quarter: latest.quarter, value: latest.netWorth as number } : null,
  };
}

/** The lines summed per flow and category, one amount a quarter (null: no line of it that
 * quarter), income first, categories in their order: the print page's compact table. */
export function byCategory(lines: readonly (LineAmount & { category: string })[], order: { income: readonly string[]; expense: readonly string[] }) {
  const rows: { flow: Flow; category: string; amounts: (number | null)[] }[] = [];
  for (const flow of ["income", "expense"] as const) {
    for (const category of order[flow]) {
      const own = lines.filter((line) => line.flow === flow && line.category === category);
      if (!own.length) continue;
      const amounts = QUARTERS.map((quarter) => {
        const inQuarter = own.filter((line) => line.quarter === quarter);
        return inQuarter.length ? inQuarter.reduce((total, line) => total + line.amount_cents, 0) : null;
      });
      rows.push({ flow, category, amounts });
    }
  }
  return rows;
}
