/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    clientIp: string;
    /** Sets a cookie on the server's answer, whatever it turns out to be (page, data, redirect or
     * error). Missing where a loader is called without the server (tests): answer with a
     * Response that carries the cookie instead. */
    setCookie?: (cookie: string) => void;
  }
}
