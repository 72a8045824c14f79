import { Link } from "@remix-run/react";
import { formatMoney } from "~/lib/format";
import type { Option } from "~/ui/field";
import { ListTable } from "~/ui/list-table";
import { SearchForm } from "~/ui/search-form";
import { type Side, SECTORS, entryPath, formatRate, formatTerm, sectorLabel } from "./constants";

export type EntrepreneurRow = {
  id: number;
  owner_name: string;
  business_name: string;
  sector: string;
  amount_cents: number;
  currency: string;
  purpose: string;
  term_months: number;
  rate_bp: number;
  countryName: string;
};

export type InvestorRow = {
  id: number;
  owner_name: string;
  amount_cents: number;
  currency: string;
  sectorList: string[];
  min_ticket_cents: number;
  max_ticket_cents: number;
  term_months: number;
  rate_bp: number;
  countryList: string[];
};

export type Filter = { sector: string | null; country: string | null; min: string; max: string };

/** The lists' filters (sector, amount range, country): a GET form, kept in the address. */
export function EntryFilterForm({ side, filter, countries, currency }: { side: Side; filter: Filter; countries: Option[]; currency: string }) {
  const path = side === "entrepreneur" ? "/user/entrepreneurs" : "/user/investors";
  return (
    <SearchForm action={path} className="search-form card proposal-filters" aria-label={side === "entrepreneur" ? "Filter entrepreneurs" : "Filter investors"}>
      <div className="field">
        <label htmlFor="filter-sector">Sector</label>
        <select id="filter-sector" name="sector" defaultValue={filter.sector ?? ""}>
          <option value="">Any sector</option>
          {SECTORS.map((sector) => (
            <option key={sector.value} value={sector.value}>
              {sector.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-country">Country</label>
        <select id="filter-country" name="country" defaultValue={filter.country ?? ""}>
          <option value="">Any country</option>
          {countries.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-min">Amount from ({currency})</label>
        <input id="filter-min" name="min" inputMode="decimal" defaultValue={filter.min} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="filter-max">Amount up to ({currency})</label>
        <input id="filter-max" name="max" inputMode="decimal" defaultValue={filter.max} autoComplete="off" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--secondary">
          Filter
        </button>
        <Link to={path}>Clear</Link>
      </div>
    </SearchForm>
  );
}

export function EntrepreneurTable({ entries, search }: { entries: EntrepreneurRow[]; search: string }) {
  return (
    <ListTable headings={["Business", "Sector", "Amount sought", "Term and rate", "Country", "Entrepreneur"]}>
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="entrepreneur-entry">
          <th scope="row">
            <Link to={`${entryPath("entrepreneur", entry.id)}${search}`} preventScrollReset>
              {entry.business_name}
            </Link>
          </th>
          <td data-label="Sector">{sectorLabel(entry.sector)}</td>
          <td data-label="Amount sought">{formatMoney(entry.amount_cents, entry.currency)}</td>
          <td data-label="Term and rate">
            {formatTerm(entry.term_months)} at {formatRate(entry.rate_bp)}
          </td>
          <td data-label="Country">{entry.countryName}</td>
          <td data-label="Entrepreneur">{entry.owner_name}</td>
        </tr>
      ))}
    </ListTable>
  );
}

export function InvestorTable({ entries, search }: { entries: InvestorRow[]; search: string }) {
  return (
    <ListTable headings={["Investor", "Available", "Tickets", "Term and rate", "Sectors", "Countries"]}>
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="investor-entry">
          <th scope="row">
            <Link to={`${entryPath("investor", entry.id)}${search}`} preventScrollReset>
              {entry.owner_name}
            </Link>
          </th>
          <td data-label="Available">{formatMoney(entry.amount_cents, entry.currency)}</td>
          <td data-label="Tickets">
            {formatMoney(entry.min_ticket_cents, entry.currency)} to {formatMoney(entry.max_ticket_cents, entry.currency)}
          </td>
          <td data-label="Term and rate">
            {formatTerm(entry.term_months)} at {formatRate(entry.rate_bp)}
          </td>
          <td data-label="Sectors">{entry.sectorList.map(sectorLabel).join(", ")}</td>
          <td data-label="Countries">{entry.countryList.length ? entry.countryList.join(", ") : "Any country"}</td>
        </tr>
      ))}
    </ListTable>
  );
}

/** SPEC.md §2's entrepreneur loan view: the entry's terms. */
export function EntrepreneurDetails({ entry }: { entry: EntrepreneurRow }) {
  return (
    <dl className="details">
      <dt>Entrepreneur</dt>
      <dd>{entry.owner_name}</dd>
      <dt>Sector</dt>
      <dd>{sectorLabel(entry.sector)}</dd>
      <dt>Amount sought</dt>
      <dd>{formatMoney(entry.amount_cents, entry.currency)}</dd>
      <dt>Term</dt>
      <dd>{formatTerm(entry.term_months)}</dd>
      <dt>Rate offered</dt>
      <dd>{formatRate(entry.rate_bp)} a year</dd>
      <dt>Country</dt>
      <dd>{entry.countryName}</dd>
      <dt>Purpose</dt>
      <dd className="prewrap">{entry.purpose}</dd>
    </dl>
  );
}

/** SPEC.md §2's investor loan view. */
export function InvestorDetails({ entry }: { entry: InvestorRow }) {
  return (
    <dl className="details">
      <dt>Investor</dt>
      <dd>{entry.owner_name}</dd>
      <dt>Amount available</dt>
      <dd>{formatMoney(entry.amount_cents, entry.currency)}</dd>
      <dt>Tickets</dt>
      <dd>
        {formatMoney(entry.min_ticket_cents, entry.currency)} to {formatMoney(entry.max_ticket_cents, entry.currency)}
      </dd>
      <dt>Term</dt>
      <dd>{formatTerm(entry.term_months)}</dd>
      <dt>Rate expected</dt>
      <dd>{formatRate(entry.rate_bp)} a year</dd>
      <dt>Sectors</dt>
      <dd>{entry.sectorList.map(sectorLabel).join(", ")}</dd>
      <dt>Countries</dt>
      <dd>{entry.countryList.length ? entry.countryList.join(", ") : "Any country"}</dd>
    </dl>
  );
}

/** An entry's documents, as links (seen only by its owner and its counterparts). */
export function DocumentList({ documents }: { documents: { id: number; name: string; url: string }[] }) {
  if (!documents.length) return null;
  return (
    <section aria-label="Documents">
      <h3>Documents</h3>
      <ul>
        {documents.map((document) => (
          <li key={document.id}>
            <a href={document.url} target="_blank" rel="noreferrer">
              {document.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
