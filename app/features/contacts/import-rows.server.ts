import { City, Country, State } from "~/lib/places.server";
import { normalizePhone } from "./contacts.server";
import { FIELD_LABEL, type ImportField, type Mapping } from "./import-fields";
import { BusinessSchema, ContactSchema } from "./schema";

// One row of an imported file → a contact, checked with the contact form's rules
// (schema.ts, the phone number through libphonenumber). Places are matched against the
// country-state-city lists the form offers; what does not match is kept in the address.

/** The contact columns an import fills. */
export const CONTACT_COLUMNS = [
  "name",
  "email",
  "phone",
  "country",
  "province",
  "city",
  "occupation",
  "meet_place",
  "company",
  "business_type",
  "industry",
  "website",
  "address",
  "business_description",
] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];
export type MergedColumn = Exclude<ContactColumn, "name">;
export type ContactValues = { name: string } & Record<MergedColumn, string | null>;

const RowSchema = ContactSchema.extend(BusinessSchema.shape);

const COLUMN_LABEL: Record<ContactColumn, string> = {
  ...(FIELD_LABEL as Record<string, string>),
  business_description: "Notes",
} as Record<ContactColumn, string>;

export type RowResult = { ok: true; contact: ContactValues } | { ok: false; reason: string };

const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
};

let countriesByName: Map<string, string> | undefined;
const statesByCountry = new Map<string, Map<string, string>>();
const citiesByState = new Map<string, Map<string, string>>();

function countryCode(input: string) {
  const key = input.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(key) && Country.getCountryByCode(key.toUpperCase())) return key.toUpperCase();
  countriesByName ??= new Map(Country.getAllCountries().map((country) => [country.name.toLowerCase(), country.isoCode]));
  return countriesByName.get(key) ?? COUNTRY_ALIASES[key] ?? null;
}

function provinceCode(country: string, input: string) {
  let states = statesByCountry.get(country);
  if (!states) {
    states = new Map();
    for (const state of State.getStatesOfCountry(country)) {
      states.set(state.isoCode.toLowerCase(), state.isoCode);
      states.set(state.name.toLowerCase(), state.isoCode);
    }
    statesByCountry.set(country, states);
  }
  return states.get(input.trim().toLowerCase()) ?? null;
}

/** The city as the list spells it; the typed name when the list has no cities for that province. */
function cityName(country: string, province: string, input: string) {
  const key = `${country}-${province}`;
  let cities = citiesByState.get(key);
  if (!cities) {
    cities = new Map(City.getCitiesOfState(country, province).map((city) => [city.name.toLowerCase(), city.name]));
    citiesByState.set(key, cities);
  }
  if (cities.size === 0) return input.trim();
  return cities.get(input.trim().toLowerCase()) ?? null;
}

/** Country/province/city codes the form would store, and the typed place text that did not match. */
export function resolvePlace(input: { country?: string; province?: string; city?: string }) {
  const country = input.country ? countryCode(input.country) : null;
  const province = country && input.province ? provinceCode(country, input.province) : null;
  const city = country && province && input.city ? cityName(country, province, input.city) : null;
  const unmatched = [!city ? input.city : null, !province ? input.province : null, !country ? input.country : null].filter((part): part is string =>
    Boolean(part),
  );
  return { country, province, city, unmatched: unmatched.join(", ") };
}

function reasonOf(path: PropertyKey[], message: string) {
  const field = String(path[0] ?? "");
  if (field === "name" || field === "email") return message;
  return `${COLUMN_LABEL[field as ContactColumn] ?? field}: ${message}`;
}

/**
 * The contact a row describes, or why it cannot be imported. The name comes from the name
 * column, else first + last name, else the e-mail address (a contact needs a name to be
 * listed). A phone number without a country code is read in the contact's country, else in
 * the member's.
 */
export function contactFromRow(cells: string[], mapping: Mapping, memberCountry: string | null): RowResult {
  const raw: Partial<Record<ImportField, string>> = {};
  mapping.forEach((field, index) => {
    const value = cells[index]?.trim();
    if (field !== "ignore" && value) raw[field] = value;
  });
  const name = raw.name || [raw.first_name, raw.last_name].filter(Boolean).join(" ") || raw.email || "";
  const place = resolvePlace(raw);
  const address = [raw.address, place.unmatched].filter(Boolean).join(", ");
  const parsed = RowSchema.safeParse({
    name,
    email: raw.email,
    phone: raw.phone,
    country: place.country ?? undefined,
    province: place.province ?? undefined,
    city: place.city ?? undefined,
    occupation: raw.occupation,
    meet_place: raw.meet_place,
    company: raw.company,
    business_type: raw.business_type,
    industry: raw.industry,
    website: raw.website,
    address: address || undefined,
    business_description: raw.notes,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: reasonOf(issue.path, issue.message) };
  }
  const contact = parsed.data;
  let phone: string | null = null;
  if (contact.phone) {
    phone = normalizePhone(contact.phone, contact.country ?? memberCountry);
    if (!phone) return { ok: false, reason: "Please provide a valid phone number." };
  }
  return { ok: true, contact: { ...contact, phone } };
}
