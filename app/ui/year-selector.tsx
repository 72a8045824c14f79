import { SearchForm } from "./search-form";

/**
 * SPEC.md §2: the year selector of a yearly page ("my wish list", "my big task"): a GET form on
 * the page's own address with `year`, so the year lives in the query string. Without JS its
 * Show button sends it; with JS choosing a year is enough. `keep` carries the page's other
 * query parameters (its filter) along.
 */
export function YearSelector({ years, year, keep = {} }: { years: readonly number[]; year: number; keep?: Record<string, string> }) {
  return (
    <SearchForm landmark={false} className="year-selector">
      <label htmlFor="year-select">Year</label>
      <select id="year-select" name="year" defaultValue={String(year)} key={year}>
        {years.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
      </select>
      {Object.entries(keep)
        .filter(([, value]) => value)
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <button type="submit" className="button button--secondary button--small">
        Show
      </button>
    </SearchForm>
  );
}
