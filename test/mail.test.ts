import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { listOutbox, outboxDir, outboxFile, readOutboxMessage, sendMail } from "~/lib/mail.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("mail without SMTP_URL", () => {
  test("is written to the outbox as an .eml file and a .json summary", async () => {
    await sendMail({ to: "ada@example.com", subject: "Hello Ada", text: "First line\nhttp://chapter.test/x" });

    const files = fs.readdirSync(outboxDir()).sort();
    expect(files).toHaveLength(2);
    const [eml, summary] = [files.find((f) => f.endsWith(".eml"))!, files.find((f) => f.endsWith(".json"))!];
    expect(eml.slice(0, -4)).toBe(summary.slice(0, -5));
    expect(path.dirname(outboxDir())).toBe(path.resolve(process.env.DATA_DIR!));

    const raw = fs.readFileSync(path.join(outboxDir(), eml), "utf8");
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    expect(raw).toMatch(/^Subject: Hello Ada$/m);
    expect(raw).toMatch(/^From: Chapter <no-reply@chapter\.local>$/m);
    expect(raw).toContain("First line");

    const [message] = await listOutbox();
    expect(message).toMatchObject({
      id: summary.slice(0, -5),
      to: "ada@example.com",
      from: "Chapter <no-reply@chapter.local>",
      subject: "Hello Ada",
      text: "First line\nhttp://chapter.test/x",
    });
    expect(Date.parse(message.sentAt)).not.toBeNaN();
    expect(await readOutboxMessage(message.id)).toEqual(message);
    expect(outboxFile(message.id)).toBe(path.join(outboxDir(), eml));
  });

  test("listOutbox returns the newest first, and honours its limit", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    for (const [index, subject] of ["first", "second", "third"].entries()) {
      vi.setSystemTime(new Date(Date.UTC(2026, 0, 1, 12, index)));
      await sendMail({ to: "ada@example.com", subject, text: subject });
    }
    expect((await listOutbox()).map((message) => message.subject)).toEqual(["third", "second", "first"]);
    expect((await listOutbox(2)).map((message) => message.subject)).toEqual(["third", "second"]);
  });

  test("an empty or missing outbox lists nothing", async () => {
    expect(await listOutbox()).toEqual([]);
  });

  test("ids that could leave the outbox folder are refused", async () => {
    // A file that "../x" would reach if the id were used as given.
    fs.writeFileSync(path.join(process.env.DATA_DIR!, "x.json"), JSON.stringify({ id: "x", subject: "outside" }));
    fs.mkdirSync(outboxDir(), { recursive: true });
    try {
      for (const id of ["../x", "..\\x", "a/../../x", "", "x.json"]) {
        expect(await readOutboxMessage(id)).toBeNull();
        expect(outboxFile(id)).toBeNull();
      }
    } finally {
      fs.rmSync(path.join(process.env.DATA_DIR!, "x.json"), { force: true });
    }
  });

  test("a well-formed id that is not there is null", async () => {
    expect(await readOutboxMessage("2026-01-01T00-00-00-000Z-deadbeef")).toBeNull();
  });
});
