import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { provinceOptions } from "~/lib/places.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: the provinces of a country, for the place selects. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const country = new URL(request.url).searchParams.get("country_id") ?? "";
  if (!/^[A-Z]{2}$/.test(country)) return json({ error: "country_id must be a two-letter country code" }, { status: 400 });
  return json(provinceOptions(country), { headers: { "Cache-Control": "private, max-age=86400" } });
}
