import { http, passthrough } from "msw";
import { setupServer } from "msw/node";

// One file per outside service (payments, …) adds its handlers here. Any outbound HTTP a
// test did not mock fails the test (onUnhandledRequest: "error" in test/setup/worker-db.ts).
// Servers a test starts on this machine (the S3-compatible store) are reached as they are.
export const server = setupServer(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
