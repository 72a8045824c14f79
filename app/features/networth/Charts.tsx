import type { ChartFrame, IncomeExpensesChartData, NetWorthChartData } from "./charts.server";

// The yearly page's charts as SVG, from the numbers and paths charts.server.ts worked out: no
// chart library in the browser. Each chart is an image with a name; the statement table beside
// it holds the same figures for screen readers.

function Axis({ chart }: { chart: ChartFrame }) {
  return (
    <g className="chart-axis" aria-hidden="true">
      {chart.ticks.map((tick) => (
        <g key={tick.y}>
          <line x1={chart.left} x2={chart.right} y1={tick.y} y2={tick.y} className="chart-grid" />
          <text x={chart.left - 8} y={tick.y} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        </g>
      ))}
      <line x1={chart.left} x2={chart.right} y1={chart.zeroY} y2={chart.zeroY} className="chart-zero" />
    </g>
  );
}

export function NetWorthChart({ chart, year }: { chart: NetWorthChartData; year: number }) {
  return (
    <figure className="chart" data-testid="net-worth-chart">
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-labelledby="net-worth-chart-title">
        <title id="net-worth-chart-title">{`Net worth at each quarter's end of ${year}`}</title>
        <Axis chart={chart} />
        {chart.path ? <path d={chart.path} className="chart-line" /> : null}
        {chart.points.map((point) => (
          <g key={point.label}>
            {point.y === null ? null : <circle cx={point.x} cy={point.y} r={4} className="chart-point" />}
            <text x={point.x} y={chart.height - 10} textAnchor="middle" className="chart-label" aria-hidden="true">
              {point.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>Net worth at each quarter's end{chart.path ? "" : " (nothing given yet)"}</figcaption>
    </figure>
  );
}

export function IncomeExpensesChart({ chart, year }: { chart: IncomeExpensesChartData; year: number }) {
  return (
    <figure className="chart" data-testid="income-expenses-chart">
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-labelledby="income-expenses-chart-title">
        <title id="income-expenses-chart-title">{`Gross income against expenses per quarter of ${year}`}</title>
        <Axis chart={chart} />
        {chart.groups.map((group) => (
          <g key={group.label}>
            {group.income ? <rect {...group.income} className="chart-bar chart-bar--income" /> : null}
            {group.expenses ? <rect {...group.expenses} className="chart-bar chart-bar--expenses" /> : null}
            <text x={group.center} y={chart.height - 10} textAnchor="middle" className="chart-label" aria-hidden="true">
              {group.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <span className="chart-key chart-key--income" aria-hidden="true" /> Gross income <span className="chart-key chart-key--expenses" aria-hidden="true" />{" "}
        Expenses
      </figcaption>
    </figure>
  );
}
