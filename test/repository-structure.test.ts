import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

// What a newcomer meets first stays short and self-contained: README.md fits in 250 lines and
// links only to files of the repository, and the documents and comments say how things are, not
// which run measured what on which machine (that is what `git log` is for).

const ROOT = path.resolve(import.meta.dirname, "..");
const THIS_FILE = path.relative(ROOT, import.meta.filename);

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

function filesUnder(dir: string, extensions: RegExp): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
        walk(child);
      } else if (extensions.test(entry.name)) {
        found.push(child);
      }
    }
  };
  if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  return found;
}

const markdownFiles = () => ["README.md", ...filesUnder("docs", /\.md$/)];

/** Every `[text](target)` of a markdown text, outside code spans and fenced blocks. */
function markdownLinks(text: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  text.split("\n").forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    const outsideCode = line.replace(/`[^`]*`/g, "");
    for (const match of outsideCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: index + 1, target: match[1] });
    }
    for (const match of outsideCode.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)) links.push({ line: index + 1, target: match[1] });
  });
  return links;
}

/** Where a link leads out of the repository, or to nothing: null when it is fine. */
function linkProblem(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return "leaves the repository";
  const [pathPart] = target.split("#");
  if (pathPart === "") return null;
  const resolved = path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(pathPart));
  if (resolved !== ROOT && !resolved.startsWith(ROOT + path.sep)) return "leaves the repository";
  if (!fs.existsSync(resolved)) return "names no file of the repository";
  return null;
}

const ORDINAL =
  "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|(?:twenty|thirty|forty)-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|\\d+(?:st|nd|rd|th))";
const ORDINAL_PAST_TEN =
  "(?:eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|(?:twenty|thirty|forty)-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|\\d+(?:st|nd|rd|th))";

/** Phrases that tell the story of past working sessions and their machines. A login session is
 * "a second session", never with "the" before the ordinal; ordinals past ten are never about logins. */
const NARRATIVE: RegExp[] = [
  new RegExp(`\\bthe ${ORDINAL}(?: (?:to|and|or) (?:the )?${ORDINAL})? sessions?(?:'s?)?\\b`, "i"),
  new RegExp(`\\b${ORDINAL_PAST_TEN}(?: (?:to|and|or) ${ORDINAL})? sessions?\\b`, "i"),
  new RegExp(`\\buntil the ${ORDINAL}\\b`, "i"),
  /\bsession's\s+machine\b/i,
  /\bsessions'\s+machines?\b/i,
  /\bthis machine's runs?\b/i,
  /\bsession by session\b/i,
  /\bevery session's\b/i,
];

function narrativeIn(file: string): string[] {
  return read(file)
    .split("\n")
    .flatMap((line, index) => (NARRATIVE.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe("README.md", () => {
  test("is under 250 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThan(250);
  });

  test("links only to files of the repository that exist", () => {
    const problems = markdownLinks(read("README.md")).flatMap(({ line, target }) => {
      const problem = linkProblem("README.md", target);
      return problem ? [`README.md:${line}: ${target} ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  test("names no file outside the repository, and no web address but as an example value", () => {
    // A value in a code span (`APP_URL` set to `https://club.example.com`) is not a link, and
    // the address a local install answers at is no address outside the repository.
    const escaping = read("README.md")
      .split("\n")
      .flatMap((line, index) => {
        const outsideCode = line.replace(/`[^`]*`/g, "");
        return /\.\.\//.test(line) || /\bhttps?:\/\/(?!(localhost|127\.0\.0\.1)[:/])|\bwww\./i.test(outsideCode)
          ? [`README.md:${index + 1}: ${line.trim()}`]
          : [];
      });
    expect(escaping).toEqual([]);
  });
});

test("the documents under docs/ link only to files of the repository that exist", () => {
  const problems = filesUnder("docs", /\.md$/).flatMap((file) =>
    markdownLinks(read(file)).flatMap(({ line, target }) => {
      const problem = linkProblem(file, target);
      return problem ? [`${file}:${line}: ${target} ${problem}`] : [];
    }),
  );
  expect(problems).toEqual([]);
});

test("the documents tell no story of past runs and their machines", () => {
  expect(markdownFiles().flatMap(narrativeIn)).toEqual([]);
});

function codeFiles() {
  return [
    ...["app", "test", "scripts", "migrations", "patches", ".ci"].flatMap((dir) => filesUnder(dir, /\.(ts|tsx|js|mjs|cjs|css|patch|json)$|^run$/)),
    ...["server.ts", "remix.config.js", "vitest.config.ts", "package.json"],
  ].filter((file) => file !== THIS_FILE && !file.startsWith(path.join("test", ".tmp")));
}

test("the documents the code names exist", () => {
  const missing = codeFiles().flatMap((file) =>
    [...read(file).matchAll(/\bdocs\/[\w./-]*\w\.md\b/g)].flatMap(([named]) => (fs.existsSync(path.join(ROOT, named)) ? [] : [`${file}: ${named}`])),
  );
  expect(missing).toEqual([]);
});

test("nor do the comments in the code", () => {
  const code = codeFiles();
  expect(code.length).toBeGreaterThan(100);
  expect(code.flatMap(narrativeIn)).toEqual([]);
});

test("the patterns find the story and leave the login session alone", () => {
  // Each example is written in two parts, so that the repository's own checks do not take the
  // example for the story itself.
  const tells = (text: string) => NARRATIVE.some((pattern) => pattern.test(text));
  expect(tells(["On the thirty-third session's", "machine every target was met"].join(" "))).toBe(true);
  expect(tells(["Until the eighteenth", "session the bench warmed up for 1 s"].join(" "))).toBe(true);
  expect(tells("(1 Dec, twenty-fifth session, `--runs 2`)")).toBe(true);
  expect(tells(["the twenty-seventh to twenty-ninth sessions'", "machines"].join(" "))).toBe(true);
  expect(tells("docs/speed.md, 21st session")).toBe(true);
  expect(tells(["Since the tenth", "session a link is its own href"].join(" "))).toBe(true);
  expect(tells("Retrying the same payment never creates a second session.")).toBe(false);
  expect(tells("every session on every instance is a row")).toBe(false);
});
