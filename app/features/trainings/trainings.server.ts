import { sql } from "kysely";
import { notify } from "~/features/notifications/notifications.server";
import { compiledOnce, firstRowOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { clubTimeZone } from "~/lib/club.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { familyOfMediaType } from "~/lib/file-types";
import { wallClockIn } from "~/lib/dates";
import { formatWallClock } from "~/lib/format";
import { FULL, STARTED } from "./constants";
import type { TrainingInput } from "./schema";

export type TrainingWhen = "upcoming" | "past";

const PAGE_SIZE = 20;

/** "YYYY-MM-DDTHH:MM" now on the club's wall clock, which lists trainings by day. */
export async function clubNow(now = new Date()) {
  return wallClockIn(now, await clubTimeZone());
}

/** Whether a training has started, on its own zone's clock (the club's for one saved without). */
async function hasStarted(training: { date: string; start_time: string; time_zone: string | null }, now = new Date()) {
  return `${training.date}T${training.start_time}` <= wallClockIn(now, training.time_zone ?? (await clubTimeZone()));
}

function isVideo(mediaType: string | null) {
  return mediaType !== null && familyOfMediaType(mediaType) === "video";
}

function escapeLike(value: string) {
  return value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

async function columnsOf(input: TrainingInput, trainerFallback: string) {
  return {
    time_zone: input.time_zone ?? (await clubTimeZone()),
    title: input.title,
    description: input.description,
    trainer_name: input.trainer_name ?? trainerFallback,
    date: input.date,
    start_time: input.start_time,
    duration_minutes: input.duration,
    place: input.place,
    online_link: input.online_link,
    capacity: input.capacity,
  };
}

export async function createTraining(member: { id: number; name: string }, input: TrainingInput, imageId: number | null) {
  const now = nowIso();
  const { id } = await db
    .insertInto("trainings")
    .values({ member_id: member.id, ...(await columnsOf(input, member.name)), image_id: imageId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type TrainingUpdate = { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "below_registered"; registered: number };

/** Saves the creator's training; a new image replaces the old one. The capacity may not drop
 * below the members already registered (checked in the update itself, so a registration
 * landing meanwhile is counted). */
export async function updateTraining(member: { id: number; name: string }, id: number, input: TrainingInput, imageId: number | null): Promise<TrainingUpdate> {
  const before = await getOwnTraining(member.id, id);
  if (!before) return { ok: false, reason: "not_found" };
  let update = db
    .updateTable("trainings")
    .set({ ...(await columnsOf(input, member.name)), ...(imageId ? { image_id: imageId } : {}), updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", member.id);
  if (input.capacity !== null) update = update.where("taken", "<=", input.capacity);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const now = await getOwnTraining(member.id, id);
    return now ? { ok: false, reason: "below_registered", registered: now.taken } : { ok: false, reason: "not_found" };
  }
  if (imageId && before.image_id) await deleteFile(before.image_id);
  return { ok: true };
}

export async function getOwnTraining(memberId: number, id: number) {
  return (await db.selectFrom("trainings").selectAll().where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

function trainingsWithCreator() {
  return db
    .selectFrom("trainings")
    .innerJoin("users", "users.id", "trainings.member_id")
    .leftJoin("files", "files.id", "trainings.image_id")
    .select([
      "trainings.id",
      "trainings.member_id",
      "trainings.title",
      "trainings.description",
      "trainings.trainer_name",
      "trainings.date",
      "trainings.start_time",
      "trainings.time_zone",
      "trainings.duration_minutes",
      "trainings.place",
      "trainings.online_link",
      "trainings.capacity",
      "trainings.taken",
      "users.name as creator_name",
      "files.token as image_token",
      "files.media_type as image_media_type",
    ]);
}

/** A training as every member sees it, with whether the viewer created it or registered. */
export async function getTraining(id: number, viewerId: number) {
  const row = await trainingsWithCreator()
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("training_registrations")
            .select("training_registrations.id")
            .whereRef("training_registrations.training_id", "=", "trainings.id")
            .where("training_registrations.member_id", "=", viewerId),
        )
        .as("registered"),
    )
    .where("trainings.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { image_token, image_media_type, registered, ...training } = row;
  const video = isVideo(image_media_type);
  return {
    ...training,
    imageUrl: image_token && !video ? fileUrl(image_token, "medium") : null,
    videoUrl: image_token && video ? fileUrl(image_token) : null,
    registered: Boolean(registered),
    isCreator: training.member_id === viewerId,
    timeZone: training.time_zone ?? (await clubTimeZone()),
    started: await hasStarted(training),
  };
}

/** Upcoming (from today, soonest first) or past trainings, every member's, searched by text. */
export async function listTrainings({ q, when, page }: { q: string | null; when: TrainingWhen; page: number }) {
  const today = (await clubNow()).slice(0, 10);
  let query = trainingsWithCreator().where("trainings.date", when === "past" ? "<" : ">=", today);
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like("trainings.title"), like("trainings.description"), like("trainings.trainer_name"), like("trainings.place")]));
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const direction = when === "past" ? "desc" : "asc";
  const rows = await query
    .orderBy("trainings.date", direction)
    .orderBy("trainings.start_time", direction)
    .orderBy("trainings.id", direction)
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE)
    .execute();
  const clubZone = await clubTimeZone();
  return {
    // A video has no thumbnail: the list shows pictures only.
    trainings: rows.map(({ image_token, image_media_type, ...training }) => ({
      ...training,
      timeZone: training.time_zone ?? clubZone,
      imageUrl: image_token && !isVideo(image_media_type) ? fileUrl(image_token, "thumbnail") : null,
    })),
    total: Number(total),
    page: current,
    pages,
  };
}

export type Registration = { ok: true } | { ok: false; status: 404 | 409; message: string };

function isUniqueViolation(error: unknown) {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : "";
  return /23505|SQLITE_CONSTRAINT_UNIQUE|UNIQUE constraint failed|duplicate key/i.test(text);
}

/**
 * Registers the member: a place is held and the registration written in one transaction. The
 * place is held by one guarded update (`taken < capacity`), which PostgreSQL re-checks after a
 * concurrent registration commits and SQLite runs one at a time, so the last place goes to one
 * member only. A second registration of the same member is refused (a unique index backs it).
 */
export async function registerForTraining(memberId: number, trainingId: number): Promise<Registration> {
  const training = await db.selectFrom("trainings").select(["date", "start_time", "time_zone"]).where("id", "=", trainingId).executeTakeFirst();
  if (!training) return { ok: false, status: 404, message: "This training is not there any more." };
  if (await hasStarted(training)) return { ok: false, status: 409, message: STARTED };
  const already = { ok: false as const, status: 409 as const, message: "You are already registered for this training." };
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("training_registrations")
        .select("id")
        .where("training_id", "=", trainingId)
        .where("member_id", "=", memberId)
        .executeTakeFirst();
      if (existing) return already;
      const held = await trx
        .updateTable("trainings")
        .set((eb) => ({ taken: eb("taken", "+", 1) }))
        .where("id", "=", trainingId)
        .where((eb) => eb.or([eb("capacity", "is", null), eb("taken", "<", eb.ref("capacity"))]))
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return { ok: false as const, status: 409 as const, message: FULL };
      await trx.insertInto("training_registrations").values({ training_id: trainingId, member_id: memberId, created_at: nowIso() }).execute();
      return { ok: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return already;
    throw error;
  }
}

/** Cancels the member's registration and gives the place back (once, however many callers race). */
export async function unregisterFromTraining(memberId: number, trainingId: number) {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("training_registrations").where("training_id", "=", trainingId).where("member_id", "=", memberId).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return false;
    await trx
      .updateTable("trainings")
      .set((eb) => ({ taken: eb("taken", "-", 1) }))
      .where("id", "=", trainingId)
      .where("taken", ">", 0)
      .execute();
    return true;
  });
}

/** Who registered, for the creator only (an empty list for anyone else). */
export async function registrantsOf(creatorId: number, trainingId: number) {
  return db
    .selectFrom("training_registrations")
    .innerJoin("trainings", "trainings.id", "training_registrations.training_id")
    .innerJoin("users", "users.id", "training_registrations.member_id")
    .select(["users.id", "users.name", "users.email", "training_registrations.created_at"])
    .where("training_registrations.training_id", "=", trainingId)
    .where("trainings.member_id", "=", creatorId)
    .orderBy("training_registrations.created_at")
    .orderBy("training_registrations.id")
    .execute();
}

/** Deletes the creator's training with its registrations, and tells each registered member.
 * False when it is not theirs. */
export async function deleteTraining(creatorId: number, trainingId: number) {
  const training = await getOwnTraining(creatorId, trainingId);
  if (!training) return false;
  const registered = await registrantsOf(creatorId, trainingId);
  await db.deleteFrom("trainings").where("id", "=", trainingId).where("member_id", "=", creatorId).execute();
  if (training.image_id) await deleteFile(training.image_id);
  const message = `The training "${training.title}" on ${formatWallClock(`${training.date}T${training.start_time}`)} was cancelled by its organiser.`;
  for (const member of registered) {
    if (member.id === creatorId) continue;
    await notify({
      memberId: member.id,
      kind: "training_cancelled",
      message,
      linkPath: "/user/trainings",
      actorId: creatorId,
      email: { subject: `Training cancelled: ${training.title}`, text: `${message}\n\nYou were registered for it; nothing more is needed from you.` },
    });
  }
  return true;
}

const nextTrainingOf = compiledOnce((memberId: number, date: string, time: string) =>
  db
    .selectFrom("training_registrations")
    .innerJoin("trainings", "trainings.id", "training_registrations.training_id")
    .select(["trainings.id", "trainings.title", "trainings.date", "trainings.start_time"])
    .where("training_registrations.member_id", "=", memberId)
    .where((eb) => eb.or([eb("trainings.date", ">", date), eb.and([eb("trainings.date", "=", date), eb("trainings.start_time", ">", time)])]))
    .orderBy("trainings.date")
    .orderBy("trainings.start_time")
    .orderBy("trainings.id")
    .limit(1),
);

/** The home page's line: the next training the member registered for that has not started. */
export async function nextTrainingFor(memberId: number) {
  const now = await clubNow();
  return (await firstRowOf(nextTrainingOf(memberId, now.slice(0, 10), now.slice(11)))) ?? null;
}
