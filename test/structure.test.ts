import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { forbiddenImports, hasQuery, importCycles, importGraph, isQueryHome, sourceFiles, tablesQueried, type ImportGraph } from "./structure/imports";

// The rules of docs/architecture.md: imports point one way (routes → features → lib; ui is
// used by routes and features; nothing imports a route module except SPEC's addresses mapping
// onto a product route and a route's own area *.server.ts), no import cycles, and queries
// only in features/<area>/*.server.ts.

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Infrastructure that keeps its own tables in lib/, and the health probe. Each lives where it
 * is because every area (or the request itself) depends on it and it holds no product rule:
 * moving it into a feature would make lib (or every feature) import that feature.
 */
const QUERIES_OUTSIDE_FEATURES: Record<string, string[]> = {
  // A sign-in is a row, read on every request by requireMember.
  "app/lib/session.server.ts": ["sessions"],
  // The stored-file registry behind lib's upload pipeline: a row is written as the bytes are
  // stored, and read or deleted with them. Who may read a file is decided in features/files.
  "app/lib/uploads.server.ts": ["files"],
  "app/lib/files.server.ts": ["files"],
  // The payment provider's ledger (Stripe or bank transfer); what a payment buys is fulfilled
  // by the areas (features/payments/fulfil.server.ts).
  "app/lib/payments/payments.server.ts": ["payments", "payment_events"],
  // The public address the first account was created at (a setting, for links in e-mails).
  "app/lib/public-origin.server.ts": ["settings"],
  // The club's settings (time zone, currency, bank details): read by every area, and by lib's
  // payments and sessions.
  "app/lib/club.server.ts": ["club_settings"],
  // Which instance runs tonight's backup: a row per night, claimed by one insert.
  "app/lib/backup/nightly.server.ts": ["backup_runs"],
  // Runs the queries the areas compile once (compiledOnce); it names no table itself.
  "app/lib/compiled-query.server.ts": [],
  // The live bus announces changes with `select pg_notify(…)` (PostgreSQL); it names no table.
  "app/lib/live-bus.server.ts": [],
  // The health probe asks the database `select 1`.
  "app/routes/shell/healthz.ts": [],
};

function queryProblems(root: string, files: string[]) {
  const problems: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    if (!hasQuery(text) || isQueryHome(file)) continue;
    const allowedTables = QUERIES_OUTSIDE_FEATURES[file];
    if (!allowedTables) {
      problems.push(`${file}: queries the database outside features/<area>/*.server.ts`);
      continue;
    }
    const strangers = tablesQueried(text).filter((table) => !allowedTables.includes(table));
    if (strangers.length) problems.push(`${file}: queries ${strangers.join(", ")}, beyond its own ${allowedTables.join(", ") || "select 1"}`);
  }
  return problems;
}

describe("the app's structure", () => {
  const graph = importGraph(ROOT);

  test("reads every module of app/ with its imports", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("app/routes/files/user.files.$token.ts")).toEqual(
      expect.arrayContaining(["app/features/files/access.server.ts", "app/lib/files.server.ts", "app/lib/session.server.ts"]),
    );
  });

  test("imports point one way: routes → features → lib, ui for routes and features, nothing into routes", () => {
    expect(forbiddenImports(graph)).toEqual([]);
  });

  test("no import cycles", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  test("queries only in features/<area>/*.server.ts, and lib's infrastructure on its own tables", () => {
    expect(queryProblems(ROOT, sourceFiles(ROOT))).toEqual([]);
  });

  test("every dialog route shows its errors inside its dialog (it exports an ErrorBoundary)", () => {
    const withoutBoundary = sourceFiles(ROOT)
      .filter((file) => file.startsWith("app/routes/"))
      .filter((file) => {
        const text = fs.readFileSync(path.join(ROOT, file), "utf8");
        return (
          /<(RouteDialog|ConfirmDialog)\b/.test(text) && !/export\s*(\{[^}]*\bErrorBoundary\s*\}|function\s+ErrorBoundary\b|const\s+ErrorBoundary\b)/.test(text)
        );
      });
    expect(withoutBoundary).toEqual([]);
  });

  test("every form's validation goes through lib/parse-form.server.ts (its text without NULs), not conform's parseWithZod directly", () => {
    const direct = sourceFiles(ROOT).filter(
      (file) =>
        file !== "app/lib/parse-form.server.ts" &&
        /import\s*\{[^}]*\bparseWithZod\b[^}]*\}\s*from\s*"@conform-to\/zod/.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(direct).toEqual([]);
  });

  test("every exception to the query rule still queries (the list stays minimal)", () => {
    const stale = Object.keys(QUERIES_OUTSIDE_FEATURES).filter(
      (file) => !fs.existsSync(path.join(ROOT, file)) || !hasQuery(fs.readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(stale).toEqual([]);
  });
});

// The checks above pass on a clean app; these show that each of them catches what it is for.
describe("the structure checks", () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  test("catch lib → features, ui → features, features → routes, lib → ui and the root imported", () => {
    const graph = graphOf({
      "app/lib/auth.server.ts": ["app/features/members/members.server.ts"],
      "app/ui/card.tsx": ["app/features/events/EventCard.tsx", "app/lib/file-types.ts"],
      "app/features/events/events.server.ts": ["app/routes/events/user.events.tsx", "app/lib/db.server.ts"],
      "app/lib/places.server.ts": ["app/ui/field.tsx"],
      "app/ui/csrf-input.tsx": ["app/root.tsx"],
    });
    expect(forbiddenImports(graph)).toEqual([
      "app/lib/auth.server.ts → app/features/members/members.server.ts: lib never imports features",
      "app/ui/card.tsx → app/features/events/EventCard.tsx: ui never imports features",
      "app/features/events/events.server.ts → app/routes/events/user.events.tsx: nothing imports a route module",
      "app/lib/places.server.ts → app/ui/field.tsx: lib never imports ui",
      "app/ui/csrf-input.tsx → app/root.tsx: nothing imports the root route",
    ]);
  });

  test("let a SPEC address import a product route, and a route its own area's server module, nothing more", () => {
    const graph = graphOf({
      "app/routes/spec/user.contacts.delete.ts": ["app/routes/contacts/user.contacts.$contactId.delete.tsx"],
      "app/routes/contacts/user.contacts.tsx": ["app/routes/contacts/contacts.server.ts"],
      "app/routes/events/user.events.tsx": ["app/routes/contacts/user.contacts.tsx", "app/routes/contacts/contacts.server.ts"],
      "app/routes/spec/user.event.create.tsx": ["app/routes/spec/user.event.edit.$eventId.tsx"],
    });
    expect(forbiddenImports(graph)).toEqual([
      "app/routes/events/user.events.tsx → app/routes/contacts/user.contacts.tsx: nothing imports a route module",
      "app/routes/events/user.events.tsx → app/routes/contacts/contacts.server.ts: nothing imports a route module",
      "app/routes/spec/user.event.create.tsx → app/routes/spec/user.event.edit.$eventId.tsx: nothing imports a route module",
    ]);
  });

  test("print each cycle as its path", () => {
    const graph = graphOf({
      "app/lib/files.server.ts": ["app/features/timeline/visibility.server.ts", "app/lib/storage.server.ts"],
      "app/features/timeline/visibility.server.ts": ["app/features/social/friendship.server.ts"],
      "app/features/social/friendship.server.ts": ["app/lib/files.server.ts"],
      "app/lib/storage.server.ts": [],
      "app/root.tsx": ["app/ui/app-shell.tsx"],
      "app/ui/app-shell.tsx": ["app/ui/csrf-input.tsx"],
      "app/ui/csrf-input.tsx": ["app/root.tsx"],
      "app/lib/self.ts": ["app/lib/self.ts"],
    });
    expect(importCycles(graph).sort()).toEqual([
      "app/features/social/friendship.server.ts → app/lib/files.server.ts → app/features/timeline/visibility.server.ts → app/features/social/friendship.server.ts",
      "app/lib/self.ts → app/lib/self.ts",
      "app/root.tsx → app/ui/app-shell.tsx → app/ui/csrf-input.tsx → app/root.tsx",
    ]);
  });

  test("find a query however it is written, and not in comments or a file name", () => {
    expect(hasQuery(`const rows = await db\n  .selectFrom("payments")\n  .execute();`)).toBe(true);
    expect(hasQuery(`await trx.insertInto("files").values(row).execute();`)).toBe(true);
    expect(hasQuery(`await sql<number>\`select 1\`.execute(db);`)).toBe(true);
    expect(hasQuery(`await sql\`select 1\`.execute(handle);`)).toBe(true);
    expect(hasQuery(`db.transaction().execute(work)`)).toBe(true);
    expect(hasQuery(`// db.selectFrom("users") was here\nconst path = "data/chapter.db";`)).toBe(false);
    expect(hasQuery(`import type { DB } from "~/lib/db-schema";\nimport { nowIso } from "~/lib/db.server";`)).toBe(false);
    expect(tablesQueried(`db.selectFrom("sessions"); db.deleteFrom('users'); db.selectFrom("sessions")`)).toEqual(["sessions", "users"]);
  });

  test("refuse a query outside features, and a lib module querying beyond its own tables", () => {
    const root = fs.mkdtempSync(path.join(ROOT, "node_modules", ".structure-"));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      };
      write("app/routes/membership/user.membership.tsx", `const rows = await db.selectFrom("payments").selectAll().execute();`);
      write("app/lib/session.server.ts", `await db.selectFrom("sessions").innerJoin("users", "users.id", "sessions.user_id"); await db.selectFrom("users");`);
      write("app/features/membership/membership.server.ts", `await db.selectFrom("payments").selectAll().execute();`);
      write("app/features/membership/Badge.tsx", `await sql\`select 1\`.execute(handle);`);
      expect(queryProblems(root, sourceFiles(root)).sort()).toEqual([
        "app/features/membership/Badge.tsx: queries the database outside features/<area>/*.server.ts",
        "app/lib/session.server.ts: queries users, beyond its own sessions",
        "app/routes/membership/user.membership.tsx: queries the database outside features/<area>/*.server.ts",
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
