// The floor's server: the built bare Remix app (floor/) behind express, compression and static
// files, as remix-serve serves it (without its request log). Started by run.ts as
//   node --import tsx test/bench/floor-server.ts <port> [<app folder>]
// With --same-markup, the bench sends it each page's HTML ({ markup: { name, html } }, answer
// { kept: name }), which /markup/<name> then renders (floor/app/routes/markup.$name.tsx).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { bodyMarkup, type MarkupNode } from "./markup.ts";

// The app's folder: floor/ unless given (the bytes floor of --same-markup, run.ts).
const here = process.argv[3] ? path.resolve(process.argv[3]) : path.join(import.meta.dirname, "floor");
const build = (await import(pathToFileURL(path.join(here, "build/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static(path.join(here, "public/build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.argv[2]), "127.0.0.1");

const markup = new Map<string, MarkupNode[]>();
(globalThis as { chapterMarkup?: typeof markup }).chapterMarkup = markup;
process.on("message", (message: { markup?: { name: string; html: string } }) => {
  if (!message.markup) return;
  markup.set(message.markup.name, bodyMarkup(message.markup.html));
  process.send?.({ kept: message.markup.name });
});
