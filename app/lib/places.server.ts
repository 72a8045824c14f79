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

export type Place = { country?: string | null; province?: string | null; city?: string | null };

const same = (a: string | null | undefined, b: string | null | undefined) => (a || null) === (b || null);

/** The options for the country and province a form was sent with (a refused form, or the
 * "refresh-places" button without JavaScript, shows them again), keeping `stored`'s own
 * values among them while the choices above them are unchanged. */
export function placeOptionsOfForm(form: FormData, stored?: Place) {
  const chosen = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value ? value : null;
  };
  return placeOptions({ country: chosen("country"), province: chosen("province") }, stored);
}

/** The lists for a place. A stored province or city the lists do not hold (a city kept
 * without a province, as older rows and the demo have) stays a choice while the country (and
 * province) above it are the stored ones: a form opened on a record and saved with another
 * change must not drop it. */
export function placeOptions(place: Place, stored: Place = place) {
  const provinces = provinceOptions(place.country);
  let cities = cityOptions(place.country, place.province);
  if (place.country && same(place.country, stored.country)) {
    if (stored.province && !provinces.some((option) => option.value === stored.province)) {
      provinces.unshift({ value: stored.province, label: stored.province });
    }
    if (stored.city && same(place.province, stored.province) && !cities.some((option) => option.value === stored.city)) {
      cities = [{ value: stored.city, label: stored.city }, ...cities];
    }
  }
  return { countries: countryOptions(), provinces, cities };
}

/** The problems with a country/province/city choice, by field, for the form to show. A value
 * kept as `stored` has (the form was saved with another change) is not questioned. */
export function placeErrors(place: { country: string | null; province: string | null; city: string | null }, stored?: Place) {
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
  if (stored && same(place.country, stored.country)) {
    delete errors.country;
    if (same(place.province, stored.province)) {
      delete errors.province;
      if (same(place.city, stored.city)) delete errors.city;
    }
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
