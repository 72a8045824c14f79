import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const resolve = { alias: { "~": path.resolve(import.meta.dirname, "app") } };
const unit = (name: string, globalSetup: string) => ({
  resolve,
  test: {
    name,
    include: ["test/**/*.test.{ts,tsx}"],
    exclude: ["test/e2e/**", "node_modules/**"],
    globalSetup: [globalSetup],
    setupFiles: ["test/setup/worker-db.ts"],
    testTimeout: 20_000,
  },
});

// The integration tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL
// is set; the end-to-end tests drive the built app in the system Chromium.
export default defineConfig({
  test: {
    // A worker per core, not vitest's one fewer: the integration tests wait on PostgreSQL, the
    // disk and timers about half the time (each worker has its own database copy). On two
    // cores, SQLite and PostgreSQL together: 10.0 min with two workers, 14.8 min with one.
    maxWorkers: os.availableParallelism(),
    projects: [
      unit("unit-sqlite", "test/setup/global-sqlite.ts"),
      ...(process.env.TEST_DATABASE_URL ? [unit("unit-postgres", "test/setup/global-postgres.ts")] : []),
      {
        resolve,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-server.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
