import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { quarterLabel } from "./constants";
import type { QuarterFigures } from "./statement";

// The yearly page's charts, drawn on the server: d3-scale places the figures and d3-shape
// writes the line's path; the page gets plain numbers and path strings and renders the SVG
// with React, so no chart code reaches the browser and the charts show without JavaScript and
// on paper.

export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 240;
const MARGIN = { top: 16, right: 12, bottom: 32, left: 68 };

export type Tick = { y: number; label: string };
export type ChartFrame = { width: number; height: number; left: number; right: number; top: number; bottom: number; ticks: Tick[]; zeroY: number };

/** "$1.2M", "€850K": a tick's amount, short. */
function compactMoney(cents: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 }).format(cents / 100);
}

function frame(values: number[], currency: string) {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const y = scaleLinear()
    .domain([low, high === low ? low + 100_00 : high])
    .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice(4);
  const ticks = y.ticks(4).map((value) => ({ y: round(y(value)), label: compactMoney(value, currency) }));
  const box: ChartFrame = {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    left: MARGIN.left,
    right: CHART_WIDTH - MARGIN.right,
    top: MARGIN.top,
    bottom: CHART_HEIGHT - MARGIN.bottom,
    ticks,
    zeroY: round(y(0)),
  };
  return { y, box };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Net worth at each quarter's end as a line; a quarter with nothing given is a gap. */
export function netWorthChart(quarters: readonly QuarterFigures[], currency: string) {
  const given = quarters.filter((quarter) => quarter.netWorth !== null).map((quarter) => quarter.netWorth as number);
  const { y, box } = frame(given, currency);
  const x = scalePoint<number>().domain([1, 2, 3, 4]).range([box.left, box.right]).padding(0.5);
  const path = line<QuarterFigures>()
    .defined((quarter) => quarter.netWorth !== null)
    .x((quarter) => x(quarter.quarter) ?? 0)
    .y((quarter) => y(quarter.netWorth ?? 0))
    .digits(1)(quarters as QuarterFigures[]);
  return {
    ...box,
    path: given.length ? path : null,
    points: quarters.map((quarter) => ({
      label: quarterLabel(quarter.quarter),
      x: round(x(quarter.quarter) ?? 0),
      y: quarter.netWorth === null ? null : round(y(quarter.netWorth)),
    })),
  };
}

/** Gross income and expenses of each quarter as pairs of bars. */
export function incomeExpensesChart(quarters: readonly QuarterFigures[], currency: string) {
  const { y, box } = frame(
    quarters.flatMap((quarter) => [quarter.income ?? 0, quarter.expenses ?? 0]),
    currency,
  );
  const x = scaleBand<number>().domain([1, 2, 3, 4]).range([box.left, box.right]).paddingInner(0.3).paddingOuter(0.15);
  const inner = scaleBand<string>().domain(["income", "expenses"]).range([0, x.bandwidth()]).paddingInner(0.1);
  const bar = (value: number | null, kind: "income" | "expenses", quarter: number) =>
    value === null
      ? null
      : {
          x: round((x(quarter) ?? 0) + (inner(kind) ?? 0)),
          width: round(inner.bandwidth()),
          y: round(Math.min(y(value), y(0))),
          height: round(Math.abs(y(0) - y(value))),
        };
  return {
    ...box,
    groups: quarters.map((quarter) => ({
      label: quarterLabel(quarter.quarter),
      center: round((x(quarter.quarter) ?? 0) + x.bandwidth() / 2),
      income: bar(quarter.income, "income", quarter.quarter),
      expenses: bar(quarter.expenses, "expenses", quarter.quarter),
    })),
  };
}

export type NetWorthChartData = ReturnType<typeof netWorthChart>;
export type IncomeExpensesChartData = ReturnType<typeof incomeExpensesChart>;
