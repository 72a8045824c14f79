import { PostgresAdapter, sql } from "kysely";
import { expect, test } from "vitest";
import { db, nowIso } from "~/lib/db.server";
import { down, up } from "../migrations/202612070300_event_answers_unanswered";
import { createEvent } from "./event-fixtures";
import { createSignedInMember, type TestMember } from "./helpers";

// migrations/202612070300_event_answers_unanswered.ts on the worker's own database (SQLite or
// PostgreSQL): back to the old not-null columns with old rows, then forward again, in a
// transaction rolled back at the end.
const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

test("the migration makes an answer missing where the row's other answer was the one given, and keeps a 'no'", async () => {
  const owner = await createSignedInMember();
  const members: TestMember[] = [];
  for (let n = 0; n < 4; n += 1) members.push(await createSignedInMember());
  const eventId = await createEvent(owner.id);
  const rolledBack = db.transaction().execute(async (trx) => {
    await down(trx);
    // As the old code wrote them: the question not asked stored as 0.
    const old = [
      { interested: 1, going: 0 }, // Interested only
      { interested: 0, going: 1 }, // Going only
      { interested: 0, going: 0 }, // a "no"
      { interested: 1, going: 1 },
    ];
    await trx
      .insertInto("event_statuses")
      .values(old.map((answers, n) => ({ event_id: eventId, member_id: members[n].id, ...answers, updated_at: nowIso() })))
      .execute();
    // (In a savepoint: on PostgreSQL a refused statement spoils the rest of its transaction.)
    await sql`savepoint refused`.execute(trx);
    await expect(
      trx.updateTable("event_statuses").set({ going: null }).where("member_id", "=", members[0].id).execute(),
      "the old column refuses null",
    ).rejects.toThrow();
    await sql`rollback to savepoint refused`.execute(trx);
    await up(trx);
    const rows = await trx
      .selectFrom("event_statuses")
      .select(["member_id", "interested", "going"])
      .where("event_id", "=", eventId)
      .orderBy("member_id")
      .execute();
    expect(rows).toEqual([
      { member_id: members[0].id, interested: 1, going: null },
      { member_id: members[1].id, interested: null, going: 1 },
      { member_id: members[2].id, interested: 0, going: 0 },
      { member_id: members[3].id, interested: 1, going: 1 },
    ]);
    const index = isPostgres
      ? sql`select indexname as name from pg_indexes where tablename = 'event_statuses' and indexname = 'event_statuses_member'`
      : sql`select name from sqlite_master where type = 'index' and tbl_name = 'event_statuses' and name = 'event_statuses_member'`;
    expect((await index.execute(trx)).rows, "the index of a member's answers is kept").toHaveLength(1);
    // A new row may leave either answer out.
    await trx.deleteFrom("event_statuses").where("member_id", "=", members[2].id).execute();
    await trx.insertInto("event_statuses").values({ event_id: eventId, member_id: members[2].id, interested: 1, updated_at: nowIso() }).execute();
    const added = await trx.selectFrom("event_statuses").select(["interested", "going"]).where("member_id", "=", members[2].id).executeTakeFirstOrThrow();
    expect(added).toEqual({ interested: 1, going: null });
    throw new Error("rolled back");
  });
  await expect(rolledBack).rejects.toThrow("rolled back");
});
