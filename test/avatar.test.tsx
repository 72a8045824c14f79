import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Avatar } from "~/ui/avatar";

describe("the avatar placeholder (the first letter of the name)", () => {
  const placeholder = (name: string) => renderToStaticMarkup(<Avatar name={name} url={null} />);

  test("a name starting with an emoji shows the whole emoji, never half of it", () => {
    const html = placeholder("🎉 Party Planners");
    expect(html).not.toContain("\uFFFD");
    expect(html).toContain(">🎉</span>");
    expect(placeholder("👩🏽‍💼 Ada")).toContain(">👩🏽‍💼</span>");
  });

  test("a letter with a combining accent is kept whole, and letters are capitals", () => {
    expect(placeholder("e\u0301lodie")).toContain(">E\u0301</span>");
    expect(placeholder("  ana")).toContain(">A</span>");
    expect(placeholder("   ")).toContain(">?</span>");
  });
});
