import { beforeAll, describe, expect, test } from "vitest";
import { baseURL, PASSWORD, uniqueEmail } from "./browser";
import { useServerData } from "./tour-data";

// React 18.3.1's renderToPipeableStream flushed its whole 2,048-byte buffer when a multibyte
// character did not fit at its end (react issue 31134): NUL bytes and broken UTF-8 at 2 KB
// boundaries, so names in emoji, accented and CJK letters came out garbled. Every HTML answer
// must be whole, valid UTF-8 whatever falls on those boundaries. Plain HTTP, no page script.

const PIECES = [
  "Zoë",
  "李小龍",
  "Ōsaka",
  "🎉",
  "Søren",
  "渡辺",
  "Ñandú",
  "👩🏽‍💻",
  "Gödel",
  "서울",
  "Ærø",
  "🦊",
  "Łódź",
  "北京",
  "Dvořák",
  "🌍",
  "Çelik",
  "東京",
  "İpek",
  "🎶",
];

/** Sixty names of different lengths, each mixing scripts, so that their bytes fall across
 * the renderer's buffer boundaries at many offsets. */
const NAMES = Array.from({ length: 60 }, (_, i) => {
  const parts = Array.from({ length: 2 + (i % 4) }, (_, j) => PIECES[(i * 7 + j * 3) % PIECES.length]);
  return `${parts.join(" ")} ${"ä".repeat(i % 5)}〔${i}〕`;
});

let cookie = "";

/** Signs a member up without a browser and answers the Cookie header of the session. */
async function signUp(name: string, email: string) {
  const form = await fetch(`${baseURL}/signup`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
  const formCookie = form.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const response = await fetch(`${baseURL}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: formCookie },
    body: new URLSearchParams({ csrf, name, email, password: PASSWORD, memberType: "business_contact" }),
  });
  expect(response.status).toBe(302);
  const session = response.headers.getSetCookie().map((header) => header.split(";")[0]);
  return [formCookie, ...session].join("; ");
}

beforeAll(async () => {
  const email = uniqueEmail("multibyte");
  cookie = await signUp("Zoë 李 🎉 Łódź", email);
  useServerData();
  const { db } = await import("~/lib/db.server");
  const { memberIdByEmail } = await import("~/features/members/members.server");
  const ownerId = (await memberIdByEmail(email))!;
  await db
    .insertInto("contacts")
    .values(
      NAMES.map((name, i) => {
        const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
        return {
          owner_id: ownerId,
          is_important: 0,
          name,
          city: i % 2 ? "Zürich" : "上海",
          occupation: i % 3 ? "Gérante 🍰" : "料理人",
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
});

const onPageNames = (html: string) => NAMES.filter((name) => html.includes(name));

/** The page's bytes, checked whole: no NUL, valid UTF-8. */
async function htmlOf(pathname: string) {
  const response = await fetch(`${baseURL}${pathname}`, { headers: { Cookie: cookie } });
  expect(response.status, pathname).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(bytes.indexOf(0), `NUL byte in ${pathname}`).toBe(-1);
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

describe("HTML stays whole with multibyte names", () => {
  test("the contacts pages, every sort order, page and search length, carry every name intact", async () => {
    let renderings = 0;
    for (const sort of ["name", "newest", "oldest"]) {
      const seen = new Set<string>();
      for (const page of [1, 2, 3]) {
        const html = await htmlOf(`/user/contacts?sort=${sort}&page=${page}`);
        // Again: the cards come from the server's kept bytes (ui/render-cache.tsx) this time.
        const grid = (page: string) => page.slice(page.indexOf('<ul class="contact-grid">'), page.indexOf('<p class="export-links">'));
        expect(grid(html)).toContain(onPageNames(html)[0]);
        expect(grid(await htmlOf(`/user/contacts?sort=${sort}&page=${page}`))).toBe(grid(html));
        renderings++;
        const onPage = onPageNames(html);
        expect(onPage.length, `sort=${sort} page=${page}`).toBe(page < 3 ? 24 : 12);
        onPage.forEach((name) => seen.add(name));
      }
      expect(seen.size, `sort=${sort}`).toBe(60);
    }
    for (const query of ["ä", "äää", "李", "🎉", "Zoë", "Łódź 🌍", "서울", "Dvořák"]) {
      for (const sort of ["name", "newest", "oldest"]) {
        const html = await htmlOf(`/user/contacts?sort=${sort}&q=${encodeURIComponent(query)}`);
        renderings++;
        const expected = NAMES.filter((name) => name.toLowerCase().includes(query.toLowerCase()));
        const onPage = expected.filter((name) => html.includes(name));
        expect(onPage.length, `q=${query} sort=${sort}`).toBe(Math.min(24, expected.length));
      }
    }
    expect(renderings).toBe(33);
  });

  test("the member's other pages are whole too", async () => {
    for (const pathname of ["/user", "/user/timeline", "/user/contacts/categories", "/user/settings", "/user/friends", "/user/events"]) {
      const html = await htmlOf(pathname);
      expect(html).toContain("</html>");
    }
    const signin = await fetch(`${baseURL}/signin`);
    const bytes = new Uint8Array(await signin.arrayBuffer());
    expect(bytes.indexOf(0)).toBe(-1);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).not.toThrow();
  });
});
