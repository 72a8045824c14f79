import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { cityOptions } from "~/lib/places.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: the cities of a province (region), for the place selects. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const params = new URL(request.url).searchParams;
  const country = params.get("country_id") ?? "";
  const region = params.get("region_id") ?? "";
  if (!/^[A-Z]{2}$/.test(country) || !/^[A-Z0-9-]{1,10}$/i.test(region)) {
    return json({ error: "country_id and region_id are required" }, { status: 400 });
  }
  return json(cityOptions(country, region), { headers: { "Cache-Control": "private, max-age=86400" } });
}
