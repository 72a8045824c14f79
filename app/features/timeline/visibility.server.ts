import type { ExpressionBuilder } from "kysely";
import { friendIds } from "~/features/social/friendship.server";
import type { DB } from "~/lib/db-schema";
import { db } from "~/lib/db.server";

// Who sees a post: its author always; every member when it is public; the author's friends
// when it is for friends; nobody else when it is "only me". Everything that shows a post, its
// files or its comments goes through `visibleTo`, so the rule lives in one place.

/** The posts `viewerId` may see, as a where-clause on `posts`. */
export function visibleTo(eb: ExpressionBuilder<DB, any>, viewerId: number) {
  return eb.or([
    eb("posts.author_id", "=", viewerId),
    eb("posts.privacy", "=", "public"),
    eb.and([eb("posts.privacy", "=", "friends"), eb("posts.author_id", "in", friendIds(eb as never, viewerId))]),
  ]);
}

/** Whether `viewerId` may read the post file `fileId` (features/files/access.server.ts asks). */
export async function canSeePostFile(fileId: number, viewerId: number) {
  const row = await db
    .selectFrom("post_files")
    .innerJoin("posts", "posts.id", "post_files.post_id")
    .innerJoin("users", "users.id", "posts.author_id")
    .select("posts.id")
    .where("post_files.file_id", "=", fileId)
    .where("users.disabled_at", "is", null)
    .where((eb) => visibleTo(eb, viewerId))
    .executeTakeFirst();
  return Boolean(row);
}
