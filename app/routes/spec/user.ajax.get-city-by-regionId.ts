import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseWithZod } from "~/lib/parse-form.server";
import { CityQuerySchema } from "~/features/contacts/schema";
import { firstError } from "~/lib/http.server";
import { cityOptions } from "~/lib/places.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: the cities of a province (region), for the place selects. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const query = parseWithZod(new URL(request.url).searchParams, { schema: CityQuerySchema });
  if (query.status !== "success") return json({ error: firstError(query) }, { status: 400 });
  return json(cityOptions(query.value.country_id, query.value.region_id), { headers: { "Cache-Control": "private, max-age=86400" } });
}
