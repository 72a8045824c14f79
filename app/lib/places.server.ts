import { createRequire } from "node:module";
import type { ICity } from "country-state-city";
import type * as Places from "country-state-city";

// The package's entry loads its whole world's cities (60 MB of a server's memory, 100 MB once
// read) into every process at start, though only forms with a city list need them: countries
// and provinces are loaded from their own modules, the cities on first use.
const require = createRequire(import.meta.url);
export const Country: typeof Places.Country = require("country-state-city/lib/cjs/country.js").default;
export const State: typeof Places.State = require("country-state-city/lib/cjs/state.js").default;
let cities: typeof Places.City | undefined;
export const City = {
  getCitiesOfState(countryCode: string, stateCode: string): ICity[] {
    cities ??= require("country-state-city/lib/cjs/city.js").default as typeof Places.City;
    return cities.getCitiesOfState(countryCode, stateCode);
  },
};

/** A place as a select option (the shape ui/field.tsx's Option takes). */
export type Option = { value: string; label: string };

// Countries, provinces (states, regions) and cities from the country-state-city dataset.
// Stored as the country's ISO code, the province's ISO code within it, and the city's name.

let countries: Option[] | undefined;

export function countryOptions(): Option[] {
  countries ??= Country.getAllCountries().map((country) => ({ value: country.isoCode, label: country.name }));
  return countries;
}

export function provinceOptions(countryCode: string | null | undefined): Option[] {
  if (!countryCode) return [];
  return State.getStatesOfCountry(countryCode).map((state) => ({ value: state.isoCode, label: state.name }));
}

export function cityOptions(countryCode: string | null | undefined, provinceCode: string | null | undefined): Option[] {
  if (!countryCode || !provinceCode) return [];
  return City.getCitiesOfState(countryCode, provinceCode).map((city) => ({ value: city.name, label: city.name }));
}

export function placeOptions(place: { country?: string | null; province?: string | null }) {
  return {
    countries: countryOptions(),
    provinces: provinceOptions(place.country),
    cities: cityOptions(place.country, place.province),
  };
}

/** The problems with a country/province/city choice, by field, for the form to show. */
export function placeErrors(place: { country: string | null; province: string | null; city: string | null }) {
  const errors: Record<string, string> = {};
  if (place.country && !Country.getCountryByCode(place.country)) errors.country = "Choose a country from the list.";
  if (place.country && place.province && !State.getStateByCodeAndCountry(place.province, place.country)) {
    errors.province = "Choose a province from the list.";
  }
  if (place.city && !place.province) errors.city = "Choose a province first.";
  if (place.country && place.province && place.city) {
    const known = cityOptions(place.country, place.province);
    if (known.length > 0 && !known.some((city) => city.value === place.city)) errors.city = "Choose a city from the list.";
  }
  return errors;
}

export function placeLabel(place: { country: string | null; province: string | null; city: string | null }) {
  if (!place.country) return null;
  const country = Country.getCountryByCode(place.country)?.name ?? place.country;
  const province = place.province ? State.getStateByCodeAndCountry(place.province, place.country)?.name : null;
  return [place.city, province, country].filter(Boolean).join(", ");
}
