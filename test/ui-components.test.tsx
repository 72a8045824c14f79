import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Field, SelectField } from "~/ui/field";
import { StatusButton } from "~/ui/status-button";
import { Toast } from "~/ui/toast";

describe("Field", () => {
  test("wires the label to the input and shows nothing in the error slot when valid", () => {
    const html = renderToStaticMarkup(<Field label="E-mail" inputProps={{ name: "email", type: "email" }} />);
    const id = /<input[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}">E-mail</label>`);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("field-errors");
  });

  test("marks the input invalid and points it at its errors", () => {
    const html = renderToStaticMarkup(<Field label="Name" errors={["Name is required."]} inputProps={{ name: "name" }} />);
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`<ul id="${describedBy}" class="field-errors"><li>Name is required.</li></ul>`);
  });

  test("a select lists its options after the placeholder", () => {
    const html = renderToStaticMarkup(
      <SelectField label="I am" placeholder="Choose one" options={[{ value: "investor", label: "Investor" }]} selectProps={{ name: "memberType" }} />,
    );
    expect(html).toMatch(/<option value="">Choose one<\/option><option value="investor">Investor<\/option>/);
  });
});

describe("StatusButton", () => {
  test("shows SPEC.md's pending label and is disabled while its form is sending", () => {
    const idle = renderToStaticMarkup(<StatusButton pending={false}>Save</StatusButton>);
    const sending = renderToStaticMarkup(
      <StatusButton pending pendingLabel="Sending...">
        Send
      </StatusButton>,
    );
    expect(idle).toContain(">Save</button>");
    expect(idle).not.toContain("disabled");
    expect(sending).toContain(">Sending...</button>");
    expect(sending).toContain('disabled=""');
    expect(renderToStaticMarkup(<StatusButton pending>Save</StatusButton>)).toContain(">Please Wait...</button>");
  });
});

describe("Toast", () => {
  test("is rendered on the server, so members without JavaScript read it", () => {
    const html = renderToStaticMarkup(<Toast notification={{ id: "1", type: "success", message: "Profile saved." }} />);
    expect(html).toContain('role="status"');
    expect(html).toContain("toast--success");
    expect(html).toContain("<p>Profile saved.</p>");
    expect(html).not.toContain("toast--floating");
  });

  test("errors are announced as alerts; no notification renders nothing", () => {
    const html = renderToStaticMarkup(<Toast notification={{ id: "2", type: "error", message: "No." }} />);
    expect(html).toContain('role="alert"');
    expect(renderToStaticMarkup(<Toast notification={null} />)).toBe("");
  });
});
