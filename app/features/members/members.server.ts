import { sql } from "kysely";
import type { MemberType } from "~/lib/db-schema";
import { compiledOnce, firstRowOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { nameWords, searchName } from "~/features/social/search-name";
import { decoyHash, hashPassword, passwordMatches } from "./passwords.server";
import type { Profile } from "./schema";

export async function emailTaken(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}

/** The first account of a fresh install becomes its admin. */
/** The id of the member with this e-mail, or null. */
export async function memberIdByEmail(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

export async function createMember(input: { name: string; email: string; password: string; memberType: MemberType }) {
  const now = nowIso();
  const { id } = await db
    .insertInto("users")
    .values({
      name: input.name,
      search_name: searchName(input.name),
      email: input.email.toLowerCase(),
      password_hash: await hashPassword(input.password),
      role: "member",
      member_type: input.memberType,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeNameWords(id, input.name);
  // Decided by the lowest id rather than a count, so two sign-ups at the same moment cannot
  // both become admin.
  await db
    .updateTable("users")
    .set({ role: "admin" })
    .where("id", "=", id)
    .where("id", "=", (eb) => eb.selectFrom("users").select((e) => e.fn.min("id").as("first")))
    .execute();
  return id;
}

export async function verifyCredentials(email: string, password: string) {
  const user = await db.selectFrom("users").select(["id", "password_hash", "disabled_at"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (!user) {
    await passwordMatches(await decoyHash(), password);
    return null;
  }
  if (!(await passwordMatches(user.password_hash, password))) return null;
  if (user.disabled_at) return null;
  return user.id;
}

const profileOf = compiledOnce((memberId: number) =>
  db
    .selectFrom("users")
    .select([
      "id",
      "name",
      "email",
      "role",
      "member_type",
      "occupation",
      "industry",
      "business",
      "business_type",
      "country",
      "province",
      "city",
      "looking_for",
      "time_zone",
      "created_at",
    ])
    .where("id", "=", memberId),
);

export async function getProfile(memberId: number) {
  return firstRowOf(profileOf(memberId));
}

/** `timeZone` left out keeps the member's zone as it is. */
export async function updateProfile(memberId: number, profile: Omit<Profile, "timeZone"> & { timeZone?: string | null }) {
  await db
    .updateTable("users")
    .set({
      name: profile.name,
      search_name: searchName(profile.name),
      member_type: profile.memberType,
      occupation: profile.occupation,
      industry: profile.industry,
      business: profile.business,
      business_type: profile.businessType,
      country: profile.country,
      province: profile.country ? profile.province : null,
      city: profile.country ? profile.city : null,
      looking_for: profile.lookingFor,
      ...(profile.timeZone === undefined ? {} : { time_zone: profile.timeZone }),
      updated_at: nowIso(),
    })
    .where("id", "=", memberId)
    .execute();
  await writeNameWords(memberId, profile.name);
}

/** The words member search finds a member by (table member_name_words), after their name is written. */
async function writeNameWords(memberId: number, name: string) {
  const words = nameWords(name);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("member_name_words").where("member_id", "=", memberId).execute();
    if (words.length)
      await trx
        .insertInto("member_name_words")
        .values(words.map((word) => ({ member_id: memberId, word })))
        .execute();
  });
}

export async function setPassword(memberId: number, password: string) {
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where("id", "=", memberId)
    .execute();
}

export async function currentPasswordMatches(memberId: number, password: string) {
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", memberId).executeTakeFirst();
  return user ? passwordMatches(user.password_hash, password) : false;
}

export async function countMembers() {
  const row = await db
    .selectFrom("users")
    .select(sql<number>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
