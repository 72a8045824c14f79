import { setupServer } from "msw/node";

// One file per outside service (payments, …) adds its handlers here. Any outbound HTTP a
// test did not mock fails the test (onUnhandledRequest: "error" in test/setup/worker-db.ts).
export const server = setupServer();
