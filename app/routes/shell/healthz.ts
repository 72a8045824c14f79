import { sql } from "kysely";
import { db } from "~/lib/db.server";

/** For load balancers and monitors: 200 when the database answers, 503 when it does not. */
export async function loader() {
  try {
    await sql`select 1`.execute(db);
    return new Response(JSON.stringify({ status: "ok" }), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return new Response(JSON.stringify({ status: "error", database: "unreachable" }), {
      status: 503,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  }
}
