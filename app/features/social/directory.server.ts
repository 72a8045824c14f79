import { type ExpressionBuilder, sql } from "kysely";
import { containsPattern } from "~/features/members/admin-members.server";
import { MEMBER_TYPES } from "~/features/members/member-types";
import type { DB, MemberType } from "~/lib/db-schema";
import { db } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import { pageWindow } from "~/lib/paging";
import { Country, placeLabel } from "~/lib/places.server";
import { relationships } from "./friendship.server";
import { searchName } from "./search-name";
import { memberProfileUrl } from "./urls";

// The member directory (/user/members): the club's members a member can browse, filter and
// befriend without knowing a name yet. A member leaves it in Settings (users.in_directory);
// member search by name (member-search.server.ts) still finds them.

export const DIRECTORY_PAGE_SIZE = 24;

export type DirectoryFilters = {
  /** Words anywhere in the name, business, industry, occupation or "Looking for". */
  q?: string;
  memberType?: MemberType;
  industry?: string;
  /** ISO code, as stored. */
  country?: string;
  city?: string;
};

/** The filters a directory address names (?q=&member_type=&industry=&country=&city=); anything
 * else, or an unknown member type, is ignored. */
export function directoryFiltersFrom(params: URLSearchParams): DirectoryFilters {
  const text = (name: string) => (params.get(name) ?? "").trim().replace(/\s+/g, " ").slice(0, 100);
  const filters: DirectoryFilters = {};
  const memberType = MEMBER_TYPES.find((item) => item.value === params.get("member_type"))?.value;
  if (memberType) filters.memberType = memberType;
  for (const key of ["q", "industry", "country", "city"] as const) {
    const value = text(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** The filters as the address's query, for links (pages) that keep them. */
export function directoryFiltersParams(filters: DirectoryFilters) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.memberType) params.set("member_type", filters.memberType);
  if (filters.industry) params.set("industry", filters.industry);
  if (filters.country) params.set("country", filters.country);
  if (filters.city) params.set("city", filters.city);
  return params;
}

/** The members the directory lists to `viewerId`: active, not deleted, not opted out, not the
 * viewer. The conditions are the partial index users_directory's own, so it is used. */
function listed(viewerId: number) {
  return db
    .selectFrom("users")
    .where("users.in_directory", "=", 1)
    .where("users.disabled_at", "is", null)
    .where("users.deleted_at", "is", null)
    .where("users.id", "!=", viewerId);
}

function matchingText(q: string) {
  const pattern = containsPattern(q);
  const name = containsPattern(searchName(q));
  const like = (eb: ExpressionBuilder<DB, "users">, column: "users.business" | "users.industry" | "users.occupation" | "users.looking_for") =>
    sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`;
  return (eb: ExpressionBuilder<DB, "users">) =>
    eb.or([
      sql<boolean>`${eb.ref("users.search_name")} like ${name} escape '\\'`,
      like(eb, "users.business"),
      like(eb, "users.industry"),
      like(eb, "users.occupation"),
      like(eb, "users.looking_for"),
    ]);
}

function filtered(viewerId: number, filters: DirectoryFilters) {
  let query = listed(viewerId);
  if (filters.q) query = query.where(matchingText(filters.q));
  if (filters.memberType) query = query.where("users.member_type", "=", filters.memberType);
  if (filters.industry) query = query.where("users.industry", "=", filters.industry);
  if (filters.country) query = query.where("users.country", "=", filters.country);
  if (filters.city) query = query.where("users.city", "=", filters.city);
  return query;
}

export type DirectoryEntry = {
  id: number;
  name: string;
  memberType: string | null;
  occupation: string | null;
  business: string | null;
  industry: string | null;
  place: string | null;
  lookingFor: string | null;
  avatarUrl: string | null;
  url: string;
  friendStatus: "none" | "sent" | "received" | "friends";
};

/** One page of the directory, by name, with where the viewer stands with each member. */
export async function listDirectory(viewerId: number, filters: DirectoryFilters, page = 1) {
  const { total } = await filtered(viewerId, filters)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow(total, page, DIRECTORY_PAGE_SIZE);
  const rows = await filtered(viewerId, filters)
    .leftJoin("files", "files.id", "users.profile_image_id")
    .select([
      "users.id",
      "users.name",
      "users.member_type",
      "users.occupation",
      "users.business",
      "users.industry",
      "users.country",
      "users.province",
      "users.city",
      "users.looking_for",
      "files.token as avatar_token",
    ])
    .orderBy("users.search_name")
    .orderBy("users.id")
    .limit(DIRECTORY_PAGE_SIZE)
    .offset(window.offset)
    .execute();
  const states = await relationships(
    viewerId,
    rows.map((row) => row.id),
  );
  const members: DirectoryEntry[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    memberType: MEMBER_TYPES.find((type) => type.value === row.member_type)?.label ?? null,
    occupation: row.occupation,
    business: row.business,
    industry: row.industry,
    place: placeLabel(row) ?? row.city,
    lookingFor: row.looking_for,
    avatarUrl: row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null,
    url: memberProfileUrl(row.id),
    friendStatus: states.get(row.id) ?? "none",
  }));
  return { members, total: window.total, page: window.page, pages: window.pages };
}

type Option = { value: string; label: string };

/** The choices of the filters: the industries, countries and cities of the members the
 * directory lists (cities of the chosen country only), so no choice leads to an empty page. */
export async function directoryChoices(viewerId: number, country?: string) {
  const distinct = async (column: "users.industry" | "users.country" | "users.city", inCountry?: string) => {
    const rows = await listed(viewerId)
      .select((eb) => eb.ref(column).as("value"))
      .distinct()
      .where(column, "is not", null)
      .where(column, "!=", "")
      .$if(Boolean(inCountry), (query) => query.where("users.country", "=", inCountry!))
      .execute();
    return rows.map((row) => row.value as string);
  };
  const [industries, countries, cities] = await Promise.all([distinct("users.industry"), distinct("users.country"), distinct("users.city", country)]);
  const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);
  const asOptions = (values: string[]) => values.map((value) => ({ value, label: value })).sort(byLabel);
  return {
    industries: asOptions(industries),
    countries: countries.map((code) => ({ value: code, label: Country.getCountryByCode(code)?.name ?? code })).sort(byLabel),
    cities: asOptions(cities),
  };
}

/** Whether the member is listed in the directory. */
export async function inDirectory(memberId: number) {
  const row = await db.selectFrom("users").select("in_directory").where("id", "=", memberId).executeTakeFirst();
  return row?.in_directory === 1;
}

export async function setInDirectory(memberId: number, listed: boolean) {
  await db
    .updateTable("users")
    .set({ in_directory: listed ? 1 : 0 })
    .where("id", "=", memberId)
    .execute();
}
