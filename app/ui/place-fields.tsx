import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SelectField, type ListOfErrors, type Option } from "./field";
import { changedOnPage } from "./use-field-state";
import { useHydrated } from "./use-hydrated";

export type PlaceValues = { country: string; province: string; city: string };
export type PlaceOptions = { countries: Option[]; provinces: Option[]; cities: Option[] };

/**
 * Country → province → city selects. With JS the lower selects refill as the upper one
 * changes; without JS the "Show provinces and cities" button posts the form with
 * intent=refresh-places and the action answers with the refreshed options, saving nothing.
 */
export function PlaceFields({
  defaults,
  options,
  errors,
}: {
  defaults: PlaceValues;
  options: PlaceOptions;
  errors?: { country?: ListOfErrors; province?: ListOfErrors; city?: ListOfErrors };
}) {
  const hydrated = useHydrated();
  const [country, setCountry] = useState(defaults.country);
  const [province, setProvince] = useState(defaults.province);
  const [city, setCity] = useState(defaults.city);
  const provinces = useFetcher<Option[]>();
  const cities = useFetcher<Option[]>();
  const [touched, setTouched] = useState({ country: false, province: false });

  useEffect(() => {
    setCountry(defaults.country);
    setProvince(defaults.province);
    setCity(defaults.city);
  }, [defaults.country, defaults.province, defaults.city]);

  const chooseCountry = (value: string) => {
    setCountry(value);
    setProvince("");
    setCity("");
    setTouched({ country: true, province: true });
    if (value) provinces.load(`/user/ajax/get-province-by-countryId?country_id=${encodeURIComponent(value)}`);
  };
  const chooseProvince = (inCountry: string, value: string) => {
    setProvince(value);
    setCity("");
    setTouched((current) => ({ ...current, province: true }));
    if (value) cities.load(`/user/ajax/get-city-by-regionId?country_id=${encodeURIComponent(inCountry)}&region_id=${encodeURIComponent(value)}`);
  };

  // A choice made before the JavaScript ran (ui/use-field-state.ts says why it matters) is
  // taken up once; a new country or province then needs the lists below it, as on a change.
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const fieldset = fieldsetRef.current;
    if (!fieldset) return;
    const country = changedOnPage(fieldset, "country");
    const province = changedOnPage(fieldset, "province");
    const city = changedOnPage(fieldset, "city");
    if (country !== null) chooseCountry(country);
    else if (province !== null) chooseProvince(defaults.country, province);
    else if (city !== null) setCity(city);
  }, []);

  const provinceList = touched.country ? (provinces.data ?? []) : options.provinces;
  const cityList = touched.country || touched.province ? (cities.data ?? []) : options.cities;

  return (
    <fieldset ref={fieldsetRef} className="place-fields">
      <legend>Location</legend>
      <SelectField
        label="Country"
        options={options.countries}
        placeholder="Choose a country"
        errors={errors?.country}
        selectProps={{
          name: "country",
          value: country,
          onChange: (event) => chooseCountry(event.target.value),
        }}
      />
      <SelectField
        label="Province"
        options={provinceList}
        placeholder={provinceList.length ? "Choose a province" : "—"}
        errors={errors?.province}
        selectProps={{
          name: "province",
          value: province,
          disabled: hydrated && provinceList.length === 0,
          onChange: (event) => chooseProvince(country, event.target.value),
        }}
      />
      <SelectField
        label="City"
        options={cityList}
        placeholder={cityList.length ? "Choose a city" : "—"}
        errors={errors?.city}
        selectProps={{
          name: "city",
          value: city,
          disabled: hydrated && cityList.length === 0,
          onChange: (event) => setCity(event.target.value),
        }}
      />
      {hydrated ? null : (
        <button type="submit" name="intent" value="refresh-places" className="button button--secondary button--small" formNoValidate>
          Show provinces and cities
        </button>
      )}
    </fieldset>
  );
}
