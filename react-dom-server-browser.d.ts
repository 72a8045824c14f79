// react-dom ships its web-streams renderer for every runtime (app/entry.server.tsx says why it
// is used); its types are react-dom/server's.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
