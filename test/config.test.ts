import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, test, vi } from "vitest";
import { db, openDatabase } from "~/lib/db.server";
import { env as appEnv } from "~/lib/env.server";
import { migrateToLatest } from "~/lib/migrate.server";
import { cityOptions, countryOptions, placeErrors, placeLabel, placeOptions, provinceOptions } from "~/lib/places.server";
import { loader as healthz } from "~/routes/shell/healthz";

// env() and secrets() cache what they read, once per process. These tests load fresh copies
// of the modules (vi.resetModules) under a changed process.env, and put everything back.
const savedEnv = { ...process.env };
const scratch: string[] = [];

function scratchDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-test-"));
  scratch.push(dir);
  return dir;
}

afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  vi.resetModules();
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshEnv(changes: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
  return import("~/lib/env.server");
}

describe("env", () => {
  test("a bad PORT stops the start with a readable message", async () => {
    const { env } = await freshEnv({ PORT: "eighty" });
    expect(() => env()).toThrow(/^Invalid configuration:\n {2}PORT: /);
  });

  test("every bad value is listed", async () => {
    const { env } = await freshEnv({ PORT: "70000", SESSION_SECRET: "short", APP_URL: "not a url" });
    let message = "";
    try {
      env();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/PORT: /);
    expect(message).toContain("SESSION_SECRET: SESSION_SECRET must be at least 32 characters");
    expect(message).toMatch(/APP_URL: /);
  });

  test("defaults fill what is unset, and an empty variable counts as unset", async () => {
    const { env } = await freshEnv({ PORT: undefined, SESSION_DAYS: undefined, APP_URL: "", SMTP_URL: "", MAIL_FROM: undefined });
    expect(env()).toMatchObject({ PORT: 3000, SESSION_DAYS: 30, APP_URL: undefined, SMTP_URL: undefined, MAIL_FROM: "Chapter <no-reply@chapter.local>" });
  });

  test("numbers are read from their text", async () => {
    const { env } = await freshEnv({ PORT: "8080", SIGNIN_MAX_FAILURES_PER_ACCOUNT: "3" });
    expect(env()).toMatchObject({ PORT: 8080, SIGNIN_MAX_FAILURES_PER_ACCOUNT: 3 });
  });

  test("the database is a file in DATA_DIR unless DATABASE_URL says otherwise", async () => {
    const dir = scratchDir();
    const fileDb = await freshEnv({ DATA_DIR: dir, DATABASE_URL: undefined });
    expect(fileDb.databaseUrl()).toBe(path.join(dir, "chapter.db"));
    const pgDb = await freshEnv({ DATABASE_URL: "postgres://db.example/chapter" });
    expect(pgDb.databaseUrl()).toBe("postgres://db.example/chapter");
    expect(pgDb.isPostgresUrl("postgresql://x/y")).toBe(true);
    expect(pgDb.isPostgresUrl("./data/postgres.db")).toBe(false);
  });

  test("the app's own configuration, read before, is untouched by these reloads", async () => {
    await freshEnv({ PORT: "eighty", DATA_DIR: "/nowhere" });
    expect(appEnv().DATA_DIR).toBe(savedEnv.DATA_DIR);
    expect(appEnv().PORT).toEqual(expect.any(Number));
  });
});

describe("secrets", () => {
  test("without SESSION_SECRET one is generated, kept in DATA_DIR and reused after a restart", async () => {
    const dir = scratchDir();
    await freshEnv({ SESSION_SECRET: undefined, DATA_DIR: dir });
    const first = (await import("~/lib/secrets.server")).secrets();
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);

    const file = path.join(dir, "secrets.json");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(first);
    if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    vi.resetModules(); // a restart
    const second = (await import("~/lib/secrets.server")).secrets();
    expect(second.sessionSecret).toBe(first.sessionSecret);
  });

  test("each new install gets its own secret", async () => {
    await freshEnv({ SESSION_SECRET: undefined, DATA_DIR: scratchDir() });
    const one = (await import("~/lib/secrets.server")).secrets();
    await freshEnv({ DATA_DIR: scratchDir() });
    const two = (await import("~/lib/secrets.server")).secrets();
    expect(two.sessionSecret).not.toBe(one.sessionSecret);
  });

  test("SESSION_SECRET wins and nothing is written", async () => {
    const dir = scratchDir();
    await freshEnv({ SESSION_SECRET: "x".repeat(40), DATA_DIR: dir });
    expect((await import("~/lib/secrets.server")).secrets()).toEqual({ sessionSecret: "x".repeat(40) });
    expect(fs.existsSync(path.join(dir, "secrets.json"))).toBe(false);
  });
});

describe("places", () => {
  test("countries, provinces and cities come from the dataset", () => {
    expect(countryOptions()).toContainEqual({ value: "CA", label: "Canada" });
    expect(countryOptions().length).toBeGreaterThan(200);
    expect(provinceOptions("CA")).toContainEqual({ value: "ON", label: "Ontario" });
    expect(cityOptions("CA", "ON")).toContainEqual({ value: "Toronto", label: "Toronto" });
  });

  test("no country means no provinces, no province means no cities", () => {
    expect(provinceOptions(null)).toEqual([]);
    expect(provinceOptions("")).toEqual([]);
    expect(cityOptions("CA", null)).toEqual([]);
    expect(cityOptions(undefined, "ON")).toEqual([]);
    expect(placeOptions({ country: "CA" })).toMatchObject({ provinces: expect.arrayContaining([{ value: "ON", label: "Ontario" }]), cities: [] });
  });

  test("placeErrors names each field that is not from the lists", () => {
    expect(placeErrors({ country: "CA", province: "ON", city: "Toronto" })).toEqual({});
    expect(placeErrors({ country: null, province: null, city: null })).toEqual({});
    expect(placeErrors({ country: "XX", province: null, city: null })).toEqual({ country: "Choose a country from the list." });
    expect(placeErrors({ country: "CA", province: "XX", city: null })).toEqual({ province: "Choose a province from the list." });
    expect(placeErrors({ country: "CA", province: "ON", city: "Gotham" })).toEqual({ city: "Choose a city from the list." });
  });

  test("placeLabel reads city, province, country", () => {
    expect(placeLabel({ country: "CA", province: "ON", city: "Toronto" })).toBe("Toronto, Ontario, Canada");
    expect(placeLabel({ country: "CA", province: null, city: null })).toBe("Canada");
    expect(placeLabel({ country: null, province: "ON", city: "Toronto" })).toBeNull();
  });
});

describe("healthz", () => {
  test("answers 200 ok, never cached, when the database answers", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

/** The tables and columns app/lib/db-schema.ts declares (its DB interface), read with the
 * TypeScript parser so that this test follows the schema as it grows. */
function declaredSchema(): Record<string, string[]> {
  const file = path.resolve("app/lib/db-schema.ts");
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const interfaces = new Map(source.statements.filter(ts.isInterfaceDeclaration).map((declaration) => [declaration.name.text, declaration] as const));
  const propertiesOf = (name: string) =>
    interfaces
      .get(name)!
      .members.filter(ts.isPropertySignature)
      .map((member) => ({ name: (member.name as ts.Identifier).text, type: member.type }));
  return Object.fromEntries(
    propertiesOf("DB").map(({ name, type }) => {
      const table = (type as ts.TypeReferenceNode).typeName as ts.Identifier;
      return [
        name,
        propertiesOf(table.text)
          .map((column) => column.name)
          .sort(),
      ];
    }),
  );
}

// SQLite's full-text index of the contacts' search columns (FTS5: a virtual table and its own
// tables) is not part of the schema the app declares: it is read with SQL only.
const SEARCH_INDEX = /^contacts_search(_\w+)?$/;

async function tablesOf(database: typeof db) {
  const tables = await database.introspection.getTables();
  return Object.fromEntries(
    tables
      .filter((table) => !table.name.startsWith("kysely_") && !SEARCH_INDEX.test(table.name))
      .map((table) => [table.name, table.columns.map((c) => c.name).sort()]),
  );
}

describe("migrations", () => {
  test("db-schema.ts is read as expected", () => {
    const schema = declaredSchema();
    expect(schema.users).toEqual(expect.arrayContaining(["id", "email", "password_hash", "role", "disabled_at"]));
    expect(schema.sessions).toEqual(["created_at", "expires_at", "id", "ip", "last_seen_at", "user_agent", "user_id"]);
  });

  test("on a fresh SQLite file they create the schema, and running them again applies nothing", async () => {
    const file = path.join(scratchDir(), "fresh.db");
    const fresh = openDatabase(file);
    try {
      const applied = await migrateToLatest(fresh);
      expect(applied.length).toBeGreaterThan(0);
      expect(applied).toEqual([...applied].sort());
      expect(await tablesOf(fresh)).toEqual(declaredSchema());
      expect(await migrateToLatest(fresh)).toEqual([]);
    } finally {
      await fresh.destroy();
    }
  });

  test("the test database (either dialect) has the same schema", async () => {
    expect(await tablesOf(db)).toEqual(declaredSchema());
    expect(await migrateToLatest(db)).toEqual([]);
  });

  test("only files named YYYYMMDDHHMM_what.ts are migrations", async () => {
    const folder = scratchDir();
    fs.writeFileSync(
      path.join(folder, "202601010000_things.ts"),
      "export async function up(db) { await db.schema.createTable('things').addColumn('id', 'integer').execute(); }\n",
    );
    fs.writeFileSync(path.join(folder, "helpers.ts"), "throw new Error('not a migration');\n");
    const fresh = openDatabase(path.join(folder, "x.db"));
    try {
      expect(await migrateToLatest(fresh, folder)).toEqual(["202601010000_things"]);
    } finally {
      await fresh.destroy();
    }
  });

  test("a failing migration names itself", async () => {
    const folder = scratchDir();
    fs.writeFileSync(path.join(folder, "202601010000_broken.ts"), "export async function up() { throw new Error('boom'); }\n");
    const fresh = openDatabase(path.join(folder, "x.db"));
    try {
      await expect(migrateToLatest(fresh, folder)).rejects.toThrow(/Migration 202601010000_broken failed: Error: boom/);
    } finally {
      await fresh.destroy();
    }
  });
});
