import { parseId } from "~/lib/ids";
import type { ContactFilters } from "./contacts.server";
import { type ContactSort, SORTS } from "./constants";

/** A search as typed, without NUL characters: no field holds one (PostgreSQL refuses them in text). */
function searched(value: string | null) {
  return value?.replaceAll("\0", "").trim() || null;
}

/** The list's filters from its query string (shared by the list page and the exports). */
export function contactFiltersFrom(params: URLSearchParams): ContactFilters & { sort: ContactSort; page: number } {
  const sort = (SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as ContactSort) : "name";
  const page = Number(params.get("page") ?? 1);
  return {
    q: searched(params.get("q")),
    meetPlace: searched(params.get("meet_place")),
    business: searched(params.get("business")),
    important: params.get("important") === "1",
    label: parseId(params.get("label")),
    realEstate: params.get("real_estate") || null,
    other: params.get("other") || null,
    chapterHeads: params.get("chapter_head") === "1",
    sort,
    page: Number.isFinite(page) ? Math.trunc(page) : 1,
  };
}
