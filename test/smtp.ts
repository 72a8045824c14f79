import fs from "node:fs";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** The envelope, as the client gave it (MAIL FROM, RCPT TO). */
  envelope: { from: string; to: string[] };
  /** The account the client logged in with. */
  user: string | undefined;
  /** Whether the session was encrypted. */
  secure: boolean;
  raw: string;
  parsed: ParsedMail;
};

export type TestSmtpServer = {
  /** SMTP_URL for the app: smtps with a login; the test certificate is self-signed. */
  url: string;
  received: ReceivedMail[];
  /** The next message is refused with this SMTP reply (once). */
  refuseNext(code: number, message: string): void;
  close(): Promise<void>;
};

const USER = "chapter";
const PASS = "mail secret with spaces & symbols";
const fixtures = path.join(import.meta.dirname, "fixtures", "smtp");

/**
 * A real SMTP server on a free local port, over implicit TLS (smtps) and requiring a login,
 * that keeps and parses every message it accepts. Its own certificate for localhost (a test
 * fixture) keeps smtp-server from using, and warning about, its built-in one.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    secure: true,
    key: fs.readFileSync(path.join(fixtures, "localhost.key")),
    cert: fs.readFileSync(path.join(fixtures, "localhost.crt")),
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusal) {
          const { code, message } = refusal;
          refusal = null;
          callback(Object.assign(new Error(message), { responseCode: code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((address) => address.address),
              },
              user: typeof session.user === "string" ? session.user : undefined,
              secure: session.secure,
              raw,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtps://${encodeURIComponent(USER)}:${encodeURIComponent(PASS)}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    received,
    refuseNext(code, message) {
      refusal = { code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every http(s) address in a text. */
export function linksIn(text: string) {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}
