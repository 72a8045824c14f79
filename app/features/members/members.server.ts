import { sql } from "kysely";
import type { MemberType } from "~/lib/db-schema";
import { compiledOnce, firstRowOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { databaseUrl, isPostgresUrl } from "~/lib/env.server";
import { nameWords, searchName } from "~/features/social/search-name";
import { decoyHash, hashPassword, passwordMatches } from "./passwords.server";
import type { Profile } from "./schema";

export async function emailTaken(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}

/** The id of the member with this e-mail, or null. */
export async function memberIdByEmail(email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

// Sign-ups take this lock (PostgreSQL's, for the transaction) one at a time; any number will do
// that no other lock of the app uses.
const SIGN_UP_LOCK = 58_001;

export async function createMember(input: { name: string; email: string; password: string; memberType: MemberType }) {
  const now = nowIso();
  const password_hash = await hashPassword(input.password);
  const id = await db.transaction().execute(async (trx) => {
    // The first account is the admin: decided by the lowest id. On PostgreSQL a row's id is
    // taken before it is committed, so two sign-ups at the same moment (two instances, or two
    // connections of one) could each see only their own row and both become admin: they go
    // one at a time. SQLite writes one transaction at a time anyway.
    if (isPostgresUrl(databaseUrl())) await sql`select pg_advisory_xact_lock(${sql.lit(SIGN_UP_LOCK)})`.execute(trx);
    const { id } = await trx
      .insertInto("users")
      .values({
        name: input.name,
        search_name: searchName(input.name),
        email: input.email.toLowerCase(),
        password_hash,
        role: "member",
        member_type: input.memberType,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set({ role: "admin" })
      .where("id", "=", id)
      .where("id", "=", (eb) => eb.selectFrom("users").select((e) => e.fn.min("id").as("first")))
      .execute();
    return id;
  });
  await writeNameWords(id, input.name);
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
