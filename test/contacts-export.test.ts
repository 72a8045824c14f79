import { describe, expect, test } from "vitest";
import { createContact } from "~/features/contacts/contacts.server";
import { loader as exportCsv } from "~/routes/contacts/user.contacts.export[.]csv";
import { loader as exportVcf } from "~/routes/contacts/user.contacts.export[.]vcf";
import { createSignedInMember, getRequest, routeArgs, settle } from "./helpers";

const blank = { email: null, phone: null, country: null, province: null, city: null, occupation: null, meet_place: null };

describe("contact export", () => {
  test("CSV holds the member's own contacts only, quoted, with formulas defused, filtered like the list", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    await createContact(owner.id, { ...blank, name: 'Ada "Countess" Lovelace', email: "ada@example.com", meet_place: "Royal Society" });
    await createContact(owner.id, { ...blank, name: "=HYPERLINK(1)", meet_place: "Fair, Berlin" });
    await createContact(other.id, { ...blank, name: "Not Yours" });

    const all = await settle(() => exportCsv(routeArgs(getRequest("/user/contacts/export.csv", owner.cookie))));
    expect(all.headers.get("Content-Type")).toContain("text/csv");
    expect(all.headers.get("Content-Disposition")).toMatch(/attachment; filename="chapter-contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await all.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Name,E-mail,Phone/);
    expect(lines).toHaveLength(3);
    expect(text).toContain('"Ada ""Countess"" Lovelace",ada@example.com');
    expect(text).toContain("'=HYPERLINK(1)");
    expect(text).toContain('"Fair, Berlin"');
    expect(text).not.toContain("Not Yours");

    const filtered = await settle(() => exportCsv(routeArgs(getRequest("/user/contacts/export.csv?meet_place=royal", owner.cookie))));
    expect((await filtered.text()).trim().split("\r\n")).toHaveLength(2);
  });

  test("vCard has one card per contact with escaped values", async () => {
    const owner = await createSignedInMember();
    await createContact(owner.id, { ...blank, name: "Grace Hopper", email: "grace@navy.mil", phone: "+14165550199", occupation: "Admiral; Navy" });
    const response = await settle(() => exportVcf(routeArgs(getRequest("/user/contacts/export.vcf", owner.cookie))));
    expect(response.headers.get("Content-Type")).toContain("text/vcard");
    const text = await response.text();
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect(text).toContain("FN:Grace Hopper\r\n");
    expect(text).toContain("TEL;TYPE=CELL:+14165550199");
    expect(text).toContain("TITLE:Admiral\\; Navy");
  });

  test("a visitor is sent to sign in", async () => {
    const response = await settle(() => exportCsv(routeArgs(getRequest("/user/contacts/export.csv"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/signin?redirectTo=");
  });
});
