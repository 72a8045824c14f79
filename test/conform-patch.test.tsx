import fs from "node:fs";
import path from "node:path";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

// patches/@conform-to+react+1.21.1.patch: a field's metadata is made once per form state and
// id instead of on every property read (getInputProps alone read a field ten times, each read
// a new Proxy), and a name already subscribed to is not added to conform's lists again; and
// its object spreads are Object.assign rather than Babel's helper. The patched files are the
// ones both the server and the browser bundle load.

const PATCHED = ["context.mjs", "context.js"].map((file) => path.resolve("node_modules/@conform-to/react/dist", file));
const SPREAD_PATCHED = ["_virtual/_rollupPluginBabelHelpers.mjs", "_virtual/_rollupPluginBabelHelpers.js"].map((file) =>
  path.resolve("node_modules/@conform-to/react/dist", file),
);

function SignInLike({ lastResult, reads = 1 }: { lastResult?: SubmissionResult<string[]>; reads?: number }) {
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    constraint: { email: { required: true, maxLength: 200 }, password: { required: true, minLength: 8 } },
  });
  // Reading a field's properties again must give what the first read gave.
  const seen = Array.from({ length: reads }, () => `${fields.email.errors?.join("|") ?? ""}:${fields.email.id}:${String(fields.email.valid)}`);
  return (
    <form {...getFormProps(form)}>
      <input {...getInputProps(fields.email, { type: "email" })} />
      <input {...getInputProps(fields.password, { type: "password" })} />
      <p>{[...new Set(seen)].join(",")}</p>
      <p>{form.errors?.join("|")}</p>
    </form>
  );
}

describe("conform's field metadata, made once per state", () => {
  test("is in the files the app loads", () => {
    for (const file of PATCHED) expect(fs.readFileSync(file, "utf8")).toContain("Chapter patch: the metadata is made once per state and form id");
    for (const file of SPREAD_PATCHED) expect(fs.readFileSync(file, "utf8")).toContain("Object.assign(e, arguments[r])");
  });

  test("gives the same inputs, errors and attributes however often a field is read", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { email: "ada@example", password: "" },
      error: { email: ["E-mail is invalid"], "": ["Check the form"] },
    };
    const once = renderToStaticMarkup(<SignInLike lastResult={lastResult} />);
    expect(renderToStaticMarkup(<SignInLike lastResult={lastResult} reads={25} />)).toBe(once);
    expect(once).toContain('id="signin-email"');
    expect(once).toContain('aria-invalid="true"');
    expect(once).toContain('aria-describedby="signin-email-error"');
    expect(once).toContain('value="ada@example"');
    expect(once).toContain("required");
    expect(once).toContain('minLength="8"');
    expect(once).toContain("<p>E-mail is invalid:signin-email:false</p>");
    expect(once).toContain("<p>Check the form</p>");

    const fresh = renderToStaticMarkup(<SignInLike reads={3} />);
    expect(fresh).not.toContain("aria-invalid");
    expect(fresh).toContain("<p>:signin-email:true</p>");
  });
});
