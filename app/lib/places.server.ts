import { createRequire } from "node:module";
import type { ICity } from "country-state-city";
import type * as Places from "country-state-city";
import { joinPlace } from "./format";

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

/** The options for the country and province a form was sent with (a refused form, or the
 * "refresh-places" button without JavaScript, shows them again). */
export function placeOptionsOfForm(form: FormData) {
  const chosen = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value ? value : null;
  };
  return placeOptions({ country: chosen("country"), province: chosen("province") });
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

type StoredPlace = { country: string | null; province: string | null; city: string | null };

/** The city, province and country names of a stored place (empty without a country). */
export function placeParts(place: StoredPlace) {
  if (!place.country) return [];
  const country = Country.getCountryByCode(place.country)?.name ?? place.country;
  const province = place.province ? State.getStateByCodeAndCountry(place.province, place.country)?.name : null;
  return [place.city, province, country];
}

/** "Lagos, Nigeria" (a city named as its province is said once), or null without a country. */
export function placeLabel(place: StoredPlace) {
  return place.country ? joinPlace(placeParts(place)) : null;
}
