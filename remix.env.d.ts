/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    clientIp: string;
  }
}

// Single fetch's types for loaders and actions (remix.config.js turns the flag on).
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

// react-dom ships the web-streams renderer for every runtime (app/entry.server.tsx says why
// it is used); its types are react-dom/server's.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
