// react-dom's Web Streams server renderer, which app/entry.server.tsx uses on Node:
// @types/react-dom types it under "react-dom/server" only.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
