import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir, env } from "./env.server";
import { loadNodemailer } from "./on-first-use.server";
import { remember } from "./remember.server";

export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
export type OutboxMessage = Mail & { id: string; from: string; sentAt: string };

const OUTBOX_ID = /^[\w-]+$/;

export function outboxDir() {
  return path.join(dataDir(), "outbox");
}

async function smtpTransport() {
  const nodemailer = await loadNodemailer();
  return remember("smtp", () => nodemailer.createTransport(env().SMTP_URL));
}

/**
 * Sends over SMTP when SMTP_URL is set. Otherwise the message is written to data/outbox/ as
 * an .eml file (with a .json summary for the admin's outbox page), so nothing is lost on a
 * box with no mail server.
 */
export async function sendMail(mail: Mail) {
  const { SMTP_URL, MAIL_FROM } = env();
  const message = { from: MAIL_FROM, ...mail };
  if (SMTP_URL) {
    await (await smtpTransport()).sendMail(message);
    return;
  }
  const nodemailer = await loadNodemailer();
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
  await fs.mkdir(outboxDir(), { recursive: true });
  await fs.writeFile(path.join(outboxDir(), `${id}.eml`), built.message as Buffer);
  const summary: OutboxMessage = { id, from: MAIL_FROM, sentAt, ...mail };
  await fs.writeFile(path.join(outboxDir(), `${id}.json`), JSON.stringify(summary));
}

/** Newest first. */
export async function listOutbox(limit = 200): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort()
    .reverse()
    .slice(0, limit);
  const messages = await Promise.all(ids.map((id) => readOutboxMessage(id)));
  return messages.filter((message): message is OutboxMessage => message !== null);
}

export async function readOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!OUTBOX_ID.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(path.join(outboxDir(), `${id}.json`), "utf8")) as OutboxMessage;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export function outboxFile(id: string) {
  return OUTBOX_ID.test(id) ? path.join(outboxDir(), `${id}.eml`) : null;
}
