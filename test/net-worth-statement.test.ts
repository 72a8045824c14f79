import { describe, expect, test } from "vitest";
import { decimal } from "~/features/networth/csv.server";
import { parseCents } from "~/features/networth/schema";
import { byCategory, carriedValues, quarterFigures, yearStatement, yearTotals } from "~/features/networth/statement";

const entry = (type: string, values: (number | null)[]) => ({ type, values });
const line = (quarter: number, flow: "income" | "expense", amount_cents: number) => ({ quarter, flow, amount_cents });

describe("net worth arithmetic", () => {
  test("a quarter left empty carries the entry's last value forward; before its first value it counts for nothing", () => {
    expect(carriedValues([null, 500, null, 700])).toEqual([null, 500, 500, 700]);
    expect(carriedValues([100, null, null, null])).toEqual([100, 100, 100, 100]);
    expect(carriedValues([null, null, null, null])).toEqual([null, null, null, null]);
    expect(carriedValues([0, null, 3, null])).toEqual([0, 0, 3, 3]);
  });

  test("totals per quarter are exact cents: assets, liabilities, net worth, income, expenses, net income", () => {
    const quarters = quarterFigures(
      [
        entry("cash", [10, 20, 30, 40]),
        entry("property", [25_000_000_00, null, 26_000_000_00, null]),
        entry("mortgage", [18_000_000_00, 17_900_000_01, null, null]),
        entry("credit_cards", [null, null, null, 99]),
      ],
      [line(1, "income", 10), line(1, "income", 20), line(1, "expense", 29), line(2, "expense", 1_000_00), line(4, "income", 5_000_000_00)],
    );
    expect(quarters[0]).toEqual({
      quarter: 1,
      assets: 25_000_000_10,
      liabilities: 18_000_000_00,
      netWorth: 7_000_000_10,
      income: 30,
      expenses: 29,
      netIncome: 1,
    });
    // Q2: property carried, mortgage paid down; expenses only: income is 0, not missing.
    expect(quarters[1]).toEqual({
      quarter: 2,
      assets: 25_000_000_20,
      liabilities: 17_900_000_01,
      netWorth: 7_100_000_19,
      income: 0,
      expenses: 1_000_00,
      netIncome: -1_000_00,
    });
    // Q3: no lines at all: the income figures are not given.
    expect(quarters[2]).toMatchObject({
      assets: 26_000_000_30,
      liabilities: 17_900_000_01,
      netWorth: 8_100_000_29,
      income: null,
      expenses: null,
      netIncome: null,
    });
    expect(quarters[3]).toMatchObject({
      assets: 26_000_000_40,
      liabilities: 17_900_001_00,
      netWorth: 8_099_999_40,
      income: 5_000_000_00,
      expenses: 0,
      netIncome: 5_000_000_00,
    });
    // 0.1 + 0.2 in cents is exactly 30.
    expect(quarterFigures([entry("cash", [10, null, null, null]), entry("cash", [20, null, null, null])], [])[0].assets).toBe(30);
  });

  test("a year with missing quarters: quarters before any value are not given, not 0", () => {
    const quarters = quarterFigures([entry("investments", [null, null, 1_000_00, null])], []);
    expect(quarters.map((quarter) => quarter.netWorth)).toEqual([null, null, 1_000_00, 1_000_00]);
    expect(quarters[0]).toEqual({ quarter: 1, assets: null, liabilities: null, netWorth: null, income: null, expenses: null, netIncome: null });
    // Only liabilities: net worth is negative, assets 0.
    expect(quarterFigures([entry("loans", [500, null, null, null])], [])[0]).toMatchObject({ assets: 0, liabilities: 500, netWorth: -500 });
    expect(yearTotals(quarterFigures([], []))).toEqual({ income: null, expenses: null, netIncome: null, latestNetWorth: null });
  });

  test("changes: against the quarter before (Q1 against last year's Q4) and the same quarter a year before", () => {
    const lastYear = quarterFigures([entry("cash", [1_000, 2_000, null, 4_000])], [line(1, "income", 500), line(4, "income", 300), line(4, "expense", 100)]);
    const thisYear = quarterFigures([entry("cash", [4_500, null, null, 3_000])], [line(1, "income", 800), line(3, "expense", 50)]);
    const statement = yearStatement(thisYear, lastYear);
    expect(statement.map((q) => q.netWorthChange)).toEqual([
      { previousQuarter: 500, previousYear: 3_500 }, // across the year boundary: 4,500 − last year's Q4 4,000
      { previousQuarter: 0, previousYear: 2_500 },
      { previousQuarter: 0, previousYear: 2_500 }, // last year's Q3 carried Q2's 2,000
      { previousQuarter: -1_500, previousYear: -1_000 },
    ]);
    expect(statement.map((q) => q.netIncomeChange)).toEqual([
      { previousQuarter: 600, previousYear: 300 }, // 800 − last Q4's 200; 800 − last Q1's 500
      { previousQuarter: null, previousYear: null }, // no lines in Q2 of either year
      { previousQuarter: null, previousYear: null },
      { previousQuarter: null, previousYear: null },
    ]);
    // With nothing the year before, no year-over-year change.
    expect(yearStatement(thisYear, quarterFigures([], [])).map((q) => q.netWorthChange.previousYear)).toEqual([null, null, null, null]);
    expect(yearTotals(statement)).toEqual({ income: 800, expenses: 50, netIncome: 750, latestNetWorth: { quarter: 4, value: 3_000 } });
  });

  test("the print page's lines by category: summed per quarter, income first, in the categories' order", () => {
    const lines = [
      { ...line(1, "expense", 100), category: "taxes" },
      { ...line(1, "expense", 250), category: "housing" },
      { ...line(1, "expense", 5), category: "housing" },
      { ...line(3, "expense", 7), category: "housing" },
      { ...line(2, "income", 1_000), category: "salary" },
    ];
    expect(byCategory(lines, { income: ["salary", "rental"], expense: ["housing", "taxes"] })).toEqual([
      { flow: "income", category: "salary", amounts: [null, 1_000, null, null] },
      { flow: "expense", category: "housing", amounts: [255, null, 7, null] },
      { flow: "expense", category: "taxes", amounts: [100, null, null, null] },
    ]);
  });

  test("amounts are read as typed, into exact cents; negatives and nonsense are refused", () => {
    expect(parseCents("2500")).toBe(250_000);
    expect(parseCents("2,500.50")).toBe(250_050);
    expect(parseCents("2500,5")).toBe(250_050);
    expect(parseCents("0.29")).toBe(29);
    expect(parseCents("1.005")).toEqual({ error: "Enter an amount like 2500 or 2,500.50." });
    expect(parseCents(" $ 1 200 ")).toBe(120_000);
    expect(parseCents("")).toBeNull();
    expect(parseCents("-5")).toEqual({ error: "The amount cannot be negative." });
    expect(parseCents("12abc")).toEqual({ error: "Enter an amount like 2500 or 2,500.50." });
    expect(parseCents("100000000000")).toBe(10_000_000_000_000);
    expect(parseCents("100000000000.01")).toEqual({ error: "Enter at most 100,000,000,000." });
    expect(parseCents("99999999999999999999")).toEqual({ error: "Enter at most 100,000,000,000." });
    expect([decimal(-123456), decimal(5), decimal(null), decimal(100)]).toEqual(["-1234.56", "0.05", "", "1.00"]);
  });
});
