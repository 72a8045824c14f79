import { describe, expect, test } from "vitest";
import { csrfToken, verifyCsrf } from "~/lib/csrf.server";
import { BASE, settle } from "./helpers";

async function visitorCookie() {
  const { token, setCookie } = await csrfToken(new Request(`${BASE}/`));
  return { token, cookie: setCookie!.split(";")[0] };
}

function multipart(cookie: string, build: (form: FormData) => void) {
  const form = new FormData();
  build(form);
  return new Request(`${BASE}/user/upload`, { method: "POST", body: form, headers: { Cookie: cookie } });
}

describe("anti-forgery token in multipart uploads", () => {
  test("is accepted as the first field, and the action still reads the whole body", async () => {
    const { token, cookie } = await visitorCookie();
    const big = new Uint8Array(3 * 1024 * 1024).fill(7);
    const request = multipart(cookie, (form) => {
      form.append("csrf", token);
      form.append("file", new Blob([big], { type: "image/png" }), "big.png");
    });
    await verifyCsrf(request);
    const file = (await request.formData()).get("file") as File;
    expect(file.size).toBe(big.length);
  });

  test("is refused when missing, wrong, or not the first field", async () => {
    const { token, cookie } = await visitorCookie();
    const missing = multipart(cookie, (form) => form.append("name", "x"));
    const wrong = multipart(cookie, (form) => form.append("csrf", "not-the-token"));
    const late = multipart(cookie, (form) => {
      form.append("name", "x");
      form.append("csrf", token);
    });
    for (const request of [missing, wrong, late]) {
      expect((await settle(() => verifyCsrf(request))).status).toBe(403);
    }
  });

  test("the X-CSRF-Token header works for scripts, whatever the body", async () => {
    const { token, cookie } = await visitorCookie();
    const request = multipart(cookie, (form) => form.append("file", new Blob(["x"]), "x.txt"));
    request.headers.set("X-CSRF-Token", token);
    await expect(verifyCsrf(request)).resolves.toBeUndefined();
  });
});
