import { PostgresAdapter, sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createContact, updateBusiness } from "~/features/contacts/contacts.server";
import { guessMapping, type Mapping } from "~/features/contacts/import-fields";
import { ImportFileError, readCsv, readImportFile, readVcard } from "~/features/contacts/import-file.server";
import { contactFromRow } from "~/features/contacts/import-rows.server";
import { runImport, undoImport } from "~/features/contacts/import.server";
import { db } from "~/lib/db.server";
import { loader as fileImportRedirect } from "~/routes/spec/user.contact.file_import";
import { action as confirmAction, loader as previewLoader } from "~/routes/contacts/user.contacts.import.$importId";
import { action as undoAction, loader as undoLoader } from "~/routes/contacts/user.contacts.import.$importId_.undo";
import { action as uploadAction, loader as uploadLoader } from "~/routes/contacts/user.contacts.import._index";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const encode = (text: string) => new TextEncoder().encode(text);

const LINKEDIN = [
  "Notes:",
  '"When exporting your connection data, you may notice that some of the email addresses are missing."',
  "",
  "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
  "Ada,Lovelace,https://www.linkedin.com/in/ada,ada@example.com,Analytical Engines,Countess,01 Jan 2024",
  "Grace,Hopper,https://www.linkedin.com/in/grace,,US Navy,Rear Admiral,02 Feb 2024",
].join("\n");

const GOOGLE_OLD =
  "Name,Given Name,Additional Name,Family Name,Notes,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - Region,Address 1 - Country,Organization 1 - Name,Organization 1 - Title,Website 1 - Value\n" +
  'Alan Turing,Alan,,Turing,Codebreaker,* Home,alan@example.com,Mobile,+44 20 7946 0958,"1 Road, Wilmslow",1 Road,Wilmslow,England,United Kingdom,Bletchley,Mathematician,turing.example.com\n';

const GOOGLE_NEW =
  "First Name,Middle Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Organization Name,Organization Title,Address 1 - City,Address 1 - Region,Address 1 - Country\n" +
  "Katherine,,Johnson,Work,katherine@example.com,Mobile,(757) 555-0100,NASA,Mathematician,Hampton,Virginia,US\n";

function fields(headers: string[]) {
  return Object.fromEntries(guessMapping(headers).flatMap((field, index) => (field === "ignore" ? [] : [[field, headers[index]]])));
}

function uploadRequest(cookie: string, name: string, content: string) {
  const body = new FormData();
  body.append("csrf", "x");
  body.append("file", new File([content], name, { type: "text/csv" }));
  return new Request(`${BASE}/user/contacts/import`, { method: "POST", body, headers: { Cookie: cookie } });
}

/** Uploads through the route and returns the pending import's id. */
async function upload(member: TestMember, name: string, content: string) {
  const response = await settle(() => uploadAction(routeArgs(uploadRequest(member.cookie, name, content))));
  expect(response.status).toBe(302);
  const id = /\/user\/contacts\/import\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeDefined();
  return id!;
}

async function preview(member: TestMember, id: string) {
  const response = await settle(() => previewLoader(routeArgs(getRequest(`/user/contacts/import/${id}`, member.cookie), { importId: id })));
  return (await response.json()) as {
    status: string;
    preview: { headers: string[]; rows: { line: number; cells: string[] }[]; mapping: Mapping; used: boolean[] } | null;
    summary: { counts: Record<string, number>; problems: { line: number; reason: string }[]; unlisted: number } | null;
  };
}

function confirmFields(mapping: Mapping, duplicates = "skip") {
  return { csrf: "x", duplicates, ...Object.fromEntries(mapping.map((field, index) => [`column_${index}`, field])) };
}

async function confirm(member: TestMember, id: string, mapping: Mapping, duplicates = "skip") {
  return settle(() =>
    confirmAction(routeArgs(postRequest(`/user/contacts/import/${id}`, confirmFields(mapping, duplicates), member.cookie), { importId: id })),
  );
}

function contactsOf(ownerId: number) {
  return db.selectFrom("contacts").selectAll().where("owner_id", "=", ownerId).orderBy("id").execute();
}

const blank = { email: null, phone: null, country: null, province: null, city: null, occupation: null, meet_place: null };

describe("reading import files", () => {
  test("CSV: quotes, commas and newlines inside values, a BOM, semicolons, blank lines and line numbers", () => {
    const table = readCsv('\uFEFFName,E-mail,Notes\n"Lovelace, Ada",ada@example.com,"first line\nsecond ""quoted"""\n\nGrace,grace@example.com,\n');
    expect(table.headers).toEqual(["Name", "E-mail", "Notes"]);
    expect(table.rows).toEqual([
      { line: 2, cells: ["Lovelace, Ada", "ada@example.com", 'first line\nsecond "quoted"'] },
      { line: 5, cells: ["Grace", "grace@example.com", ""] },
    ]);
    const semicolons = readCsv("Name;E-mail;City\nJosé;jose@example.com;Madrid\n");
    expect(semicolons.rows[0].cells).toEqual(["José", "jose@example.com", "Madrid"]);
    const excel = readCsv('sep=;\r\nName;Notes\r\nAda;"a, b, c"\r\n');
    expect(excel.headers).toEqual(["Name", "Notes"]);
    expect(excel.rows).toEqual([{ line: 3, cells: ["Ada", "a, b, c"] }]);
    expect(readCsv("Name\tE-mail\nAda\tada@example.com\n").rows[0].cells).toEqual(["Ada", "ada@example.com"]);
  });

  test("CSV: a quote closed lines later by another quote is refused, naming the row and its lines, not merged", () => {
    // The issue's file: the quote opened on line 3 is closed by the quotes on line 5.
    const typo = 'Name,E-mail\nAda,ada@example.com\n"Grace,grace@example.com\nLin,lin@example.com\nMo,"mo@example.com"\nZed,zed@example.com\n';
    // Properly quoted, yet the same swallowing: a quote never meant to open a value.
    const quoted = 'Name,E-mail,City\nAda,ada@example.com,Rome\n"Grace,grace@example.com,Oslo\nLin,lin@example.com,Lima\nMo",mo@example.com,Nice\n';
    for (const [text, lines] of [
      [typo, "lines 3 to 5"],
      [quoted, "lines 3 to 5"],
    ]) {
      expect(() => readCsv(text)).toThrow(ImportFileError);
      expect(() => readCsv(text)).toThrow(`the quote on line 3 (contact row 2) is closed only on line 5, so ${lines} would become one contact`);
    }
    // A real value of several lines (a note, an address) is still read.
    expect(readCsv('Name,E-mail,Notes\nAda,ada@example.com,"12 Main Street\nSpringfield, IL"\n').rows).toEqual([
      { line: 2, cells: ["Ada", "ada@example.com", "12 Main Street\nSpringfield, IL"] },
    ]);
  });

  test("CSV: Windows-1252 text and our own export's defused formulas", () => {
    const latin = Uint8Array.from([...encode("Name,E-mail\n"), 0x52, 0xe9, 0x6d, 0x69, ...encode(",remi@example.com\n")]);
    expect(readImportFile("old.csv", latin).rows[0].cells[0]).toBe("Rémi");
    expect(readCsv("Name\n'=1+2\n").rows[0].cells[0]).toBe("=1+2");
  });

  test("LinkedIn's export: the header row under its note is found and mapped", () => {
    const table = readCsv(LINKEDIN);
    expect(table.headers[0]).toBe("First Name");
    expect(table.rows[0].line).toBe(5);
    expect(fields(table.headers)).toEqual({
      first_name: "First Name",
      last_name: "Last Name",
      website: "URL",
      email: "Email Address",
      company: "Company",
      occupation: "Position",
    });
  });

  test("Google Contacts' exports, old and new headers, are mapped", () => {
    expect(fields(readCsv(GOOGLE_OLD).headers)).toEqual({
      name: "Name",
      first_name: "Given Name",
      last_name: "Family Name",
      notes: "Notes",
      email: "E-mail 1 - Value",
      phone: "Phone 1 - Value",
      address: "Address 1 - Street",
      city: "Address 1 - City",
      province: "Address 1 - Region",
      country: "Address 1 - Country",
      company: "Organization 1 - Name",
      occupation: "Organization 1 - Title",
      website: "Website 1 - Value",
    });
    expect(fields(readCsv(GOOGLE_NEW).headers)).toEqual({
      first_name: "First Name",
      last_name: "Last Name",
      email: "E-mail 1 - Value",
      phone: "Phone 1 - Value",
      company: "Organization Name",
      occupation: "Organization Title",
      city: "Address 1 - City",
      province: "Address 1 - Region",
      country: "Address 1 - Country",
    });
  });

  test("vCard 3.0 and 4.0 with folded lines, escapes and structured values; 2.1 with quoted-printable", () => {
    const v3 = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Ada Lovelace",
      "N:Lovelace;Ada;;;",
      "EMAIL;TYPE=INTERNET:ada@exam",
      " ple.com",
      "TEL;TYPE=WORK:+44 20 7946 0000",
      "TEL;TYPE=CELL:+44 20 7946 0958",
      "ORG:Analytical Engines;Research",
      "TITLE:Countess\\, mathematician",
      "ADR;TYPE=WORK:;;12 St James\\'s Square;London;;SW1Y 4JH;United Kingdom",
      "URL:https://ada.example.com",
      "NOTE:Met at the\\nRoyal Society",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Grace Hopper",
      "item1.EMAIL;PREF=1:grace@example.com",
      "END:VCARD",
    ].join("\r\n");
    const table = readVcard(v3);
    const row = Object.fromEntries(table.headers.map((header, index) => [header, table.rows[0].cells[index]]));
    expect(row).toMatchObject({
      Name: "Ada Lovelace",
      "First name": "Ada",
      "Last name": "Lovelace",
      "E-mail": "ada@example.com",
      Phone: "+44 20 7946 0958",
      Company: "Analytical Engines",
      Title: "Countess, mathematician",
      City: "London",
      Country: "United Kingdom",
      Website: "https://ada.example.com",
      Note: "Met at the\nRoyal Society",
    });
    expect(table.rows.map((each) => each.line)).toEqual([1, 15]);
    expect(table.rows[1].cells[3]).toBe("grace@example.com");

    const v21 =
      "BEGIN:VCARD\nVERSION:2.1\nN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=BCller;J=C3=BCrgen\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=\n=C3=BCller\nTEL;CELL:+49 30 901820\nEND:VCARD\n";
    const old = readVcard(v21);
    expect(old.rows[0].cells.slice(0, 5)).toEqual(["Jürgen Müller", "Jürgen", "Müller", "", "+49 30 901820"]);
    expect(guessMapping(old.headers)).toEqual([
      "name",
      "first_name",
      "last_name",
      "email",
      "phone",
      "company",
      "occupation",
      "address",
      "city",
      "province",
      "country",
      "website",
      "notes",
    ]);
  });

  test.each([
    ["photo.png", "\x89PNG\r\n\x1a\n\0\0\0", "Choose a CSV file (.csv) or a vCard file (.vcf)."],
    ["binary.csv", "Name\0\0\0", "binary data"],
    ["empty.csv", "", "The file is empty."],
    ["header-only.csv", "Name,E-mail\n", "no rows under the header"],
    [
      "broken.csv",
      'Name,E-mail\nAda,ada@example.com\n"Grace,grace@example.com\nAlan,alan@example.com\n',
      "a quoted value that starts on line 3 is never closed",
    ],
    ["broken.vcf", "BEGIN:VCARD\nFN:Ada\nBEGIN:VCARD\nFN:Grace\nEND:VCARD\n", "the card that starts on line 1 has no END:VCARD"],
    ["not-a-card.vcf", "Name,E-mail\n", "does not start with BEGIN:VCARD"],
  ])("%s is refused with a clear message", (name, content, message) => {
    expect(() => readImportFile(name, encode(content))).toThrow(ImportFileError);
    expect(() => readImportFile(name, encode(content))).toThrow(message);
  });
});

describe("rows are checked like the contact form", () => {
  const mapping: Mapping = ["name", "first_name", "last_name", "email", "phone", "country", "province", "city", "website"];
  const row = (cells: Partial<Record<number, string>>) => mapping.map((_, index) => cells[index] ?? "");

  test("the name falls back to first + last name, then the e-mail; e-mails are lower-cased, phones E.164, places coded", () => {
    const fromParts = contactFromRow(
      row({ 1: "Ada", 2: "Lovelace", 3: "ADA@Example.com", 4: "(416) 555-0199", 5: "Canada", 6: "Ontario", 7: "toronto" }),
      mapping,
      null,
    );
    expect(fromParts).toEqual({
      ok: true,
      contact: expect.objectContaining({
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: "+14165550199",
        country: "CA",
        province: "ON",
        city: "Toronto",
      }),
    });
    expect(contactFromRow(row({ 3: "grace@example.com" }), mapping, null)).toMatchObject({ ok: true, contact: { name: "grace@example.com" } });
    // A number without a country code is read in the member's country.
    expect(contactFromRow(row({ 0: "Local", 4: "020 7946 0958" }), mapping, "GB")).toMatchObject({ ok: true, contact: { phone: "+442079460958" } });
    // A place that is not in the lists is kept in the address.
    expect(contactFromRow(row({ 0: "Far", 5: "Atlantis", 7: "Poseidonia" }), mapping, null)).toMatchObject({
      ok: true,
      contact: { country: null, city: null, address: "Poseidonia, Atlantis" },
    });
  });

  test("and rejected with the form's messages", () => {
    expect(contactFromRow(row({}), mapping, null)).toEqual({ ok: false, reason: "Name is required." });
    expect(contactFromRow(row({ 0: "Bad", 3: "not-an-email" }), mapping, null)).toEqual({ ok: false, reason: "Please provide a valid email address." });
    expect(contactFromRow(row({ 0: "Bad", 4: "12" }), mapping, null)).toEqual({ ok: false, reason: "Please provide a valid phone number." });
    expect(contactFromRow(row({ 0: "x".repeat(121) }), mapping, null)).toEqual({ ok: false, reason: "Use at most 120 characters." });
    expect(contactFromRow(row({ 0: "Bad", 8: "not a site" }), mapping, null)).toMatchObject({ ok: false, reason: expect.stringContaining("Website:") });
  });
});

describe("importing through the dialog", () => {
  test("/user/contact/file_import opens the import dialog over the contact list", async () => {
    const member = await createSignedInMember();
    const response = await settle(() => fileImportRedirect(routeArgs(getRequest("/user/contact/file_import", member.cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/contacts/import");
    const page = await settle(() => uploadLoader(routeArgs(getRequest("/user/contacts/import", member.cookie))));
    expect(((await page.json()) as { limit: string }).limit).toBe("10 MB");
  });

  test("upload → preview with the mapping guessed → confirm → summary with line numbers", async () => {
    const member = await createSignedInMember();
    const csv = [
      "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
      "Ada,Lovelace,https://www.linkedin.com/in/ada,ada@example.com,Analytical Engines,Countess,",
      ",,,,,,",
      ",,,not-an-email,Nowhere,,",
      "Grace,Hopper,,GRACE@example.com,US Navy,Rear Admiral,",
      "Grace,Again,,grace@example.com,,,",
    ].join("\n");
    const id = await upload(member, "Connections.csv", csv);
    const before = await preview(member, id);
    expect(before.status).toBe("pending");
    expect(before.preview!.headers).toHaveLength(7);
    expect(before.preview!.rows[0]).toEqual({ line: 2, cells: expect.arrayContaining(["Ada", "ada@example.com"]) });
    // "Connected On" is empty in every row: left out of the mapping step, and ignored.
    expect(before.preview!.used).toEqual([true, true, true, true, true, true, false]);
    expect(before.preview!.mapping).toEqual(["first_name", "last_name", "website", "email", "company", "occupation", "ignore"]);
    expect(await contactsOf(member.id)).toHaveLength(0);

    const done = await confirm(member, id, before.preview!.mapping);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/user/contacts/import/${id}`);
    expect(await flashOf(done)).toEqual({ type: "success", message: "Connections.csv imported." });

    const contacts = await contactsOf(member.id);
    expect(contacts.map((contact) => [contact.name, contact.email, contact.company, contact.occupation, contact.website])).toEqual([
      ["Ada Lovelace", "ada@example.com", "Analytical Engines", "Countess", "https://www.linkedin.com/in/ada"],
      ["Grace Hopper", "grace@example.com", "US Navy", "Rear Admiral", null],
    ]);
    const after = await preview(member, id);
    expect(after.status).toBe("done");
    expect(after.summary).toMatchObject({
      counts: { imported: 2, updated: 0, skipped: 1, rejected: 1 },
      problems: [
        { line: 4, reason: "Please provide a valid email address." },
        { line: 6, reason: "Skipped: same e-mail as line 5." },
      ],
      unlisted: 0,
    });

    // Confirming again imports nothing more.
    await confirm(member, id, before.preview!.mapping);
    expect(await contactsOf(member.id)).toHaveLength(2);
  });

  test("a mapping without a name or e-mail column, or with a field chosen twice, is refused", async () => {
    const member = await createSignedInMember();
    const id = await upload(member, "people.csv", "Name,E-mail,Other\nAda,ada@example.com,x\n");
    let response = await confirm(member, id, ["ignore", "ignore", "company"]);
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ "": ["Choose the column with the name (or first name, last name or e-mail)."] });
    response = await confirm(member, id, ["name", "email", "email"]);
    expect(response.status).toBe(400);
    response = await confirm(member, id, ["name", "email", "ignore"], "overwrite");
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ duplicates: ["Choose whether duplicates are skipped or merged."] });
    expect(await contactsOf(member.id)).toHaveLength(0);
  });

  test("a malformed or too large file gets a clear error and imports nothing", async () => {
    const member = await createSignedInMember();
    for (const [name, content, message] of [
      ["broken.csv", 'Name,E-mail\nAda,ada@example.com\n"Grace,grace@example.com\n', "broken.csv: This CSV file is damaged"],
      [
        "typo.csv",
        'Name,E-mail\nAda,ada@example.com\n"Grace,grace@example.com\nLin,lin@example.com\nMo,"mo@example.com"\n',
        "typo.csv: This CSV file is damaged: the quote on line 3",
      ],
      ["photo.jpg", "\xff\xd8\xff", "Choose a CSV file"],
      ["big.csv", `Name\n${"a".repeat(10_000_001)}\n`, "The file is too large: the limit is 10 MB."],
    ]) {
      const response = await settle(() => uploadAction(routeArgs(uploadRequest(member.cookie, name, content))));
      expect(response.status).toBe(400);
      expect((await replyErrors(response)).file.join(" ")).toContain(message);
    }
    const missing = await settle(() => uploadAction(routeArgs(postRequest("/user/contacts/import", { csrf: "x" }, member.cookie))));
    expect(missing.status).toBe(400);
    expect(await replyErrors(missing)).toEqual({ file: ["Choose a file to import."] });
    expect(await db.selectFrom("contact_imports").select("id").execute()).toHaveLength(0);
    expect(await contactsOf(member.id)).toHaveLength(0);
  });

  test("an error while writing rolls the whole import back: no contact, still pending", async () => {
    const member = await createSignedInMember();
    const rows = Array.from({ length: 1_200 }, (_, index) => `Person ${index},p${index}@example.com`).join("\n");
    const id = await upload(member, "people.csv", `Name,E-mail\n${rows}\n`);
    // The records of what the import did fail to be written, after the first contacts were.
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`create function fail_import() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(db);
      await sql`create trigger fail_import before insert on contact_import_rows execute function fail_import()`.execute(db);
    } else {
      await sql`create trigger fail_import before insert on contact_import_rows begin select raise(abort, 'boom'); end`.execute(db);
    }
    try {
      await expect(runImport(member.id, Number(id), ["name", "email"], "skip")).rejects.toThrow("boom");
    } finally {
      await sql`drop trigger fail_import${postgres ? sql` on contact_import_rows` : sql``}`.execute(db);
      if (postgres) await sql`drop function fail_import()`.execute(db);
    }
    expect(await contactsOf(member.id)).toHaveLength(0);
    expect((await preview(member, id)).status).toBe("pending");
    expect(await runImport(member.id, Number(id), ["name", "email"], "skip")).toBe(true);
    expect(await contactsOf(member.id)).toHaveLength(1_200);
  });
});

describe("the summary", () => {
  test("lists the first 100 problems with their lines and counts the rest; phones default to the member's country", async () => {
    const member = await createSignedInMember();
    await db.updateTable("users").set({ country: "GB" }).where("id", "=", member.id).execute();
    const bad = Array.from({ length: 105 }, (_, index) => `Bad ${index},bad-${index}`);
    const id = await upload(member, "mixed.csv", ["Name,E-mail,Phone", "Local,,020 7946 0958", ...bad.map((row) => `${row},`)].join("\n"));
    await confirm(member, id, ["name", "email", "phone"]);
    expect(await contactsOf(member.id)).toEqual([expect.objectContaining({ name: "Local", phone: "+442079460958" })]);
    const { summary } = await preview(member, id);
    expect(summary!.counts).toMatchObject({ imported: 1, rejected: 105 });
    expect(summary!.problems).toHaveLength(100);
    expect(summary!.problems[0]).toEqual({ line: 3, reason: "Please provide a valid email address." });
    expect(summary!.problems[99].line).toBe(102);
    expect(summary!.unlisted).toBe(5);
  });
});

describe("duplicates", () => {
  async function existing(member: TestMember) {
    const id = await createContact(member.id, { ...blank, name: "Ada Existing", email: "ada@example.com", occupation: "Countess" });
    await updateBusiness(member.id, id, {
      company: null,
      business_type: null,
      industry: "Computing",
      website: null,
      address: null,
      business_description: null,
    });
    await createContact(member.id, { ...blank, name: "Phone Person", phone: "+14165550199" });
    return id;
  }
  const csv = [
    "Name,E-mail,Phone,Company,Position,Country",
    "Ada New,ADA@example.com,,Engines Ltd,Programmer,",
    "Phoney,,(416) 555-0199,Phone Co,,CA",
    "Brand New,new@example.com,,,,",
  ].join("\n");

  test("are skipped: nothing of the existing contacts changes", async () => {
    const member = await createSignedInMember();
    const adaId = await existing(member);
    const id = await upload(member, "dupes.csv", csv);
    await confirm(member, id, (await preview(member, id)).preview!.mapping, "skip");
    const contacts = await contactsOf(member.id);
    expect(contacts).toHaveLength(3);
    expect(contacts.find((contact) => contact.id === adaId)).toMatchObject({ name: "Ada Existing", company: null, occupation: "Countess" });
    expect((await preview(member, id)).summary).toMatchObject({
      counts: { imported: 1, updated: 0, skipped: 2, rejected: 0 },
      problems: [
        { line: 2, reason: "Skipped: same e-mail as your contact Ada Existing." },
        { line: 3, reason: "Skipped: same phone number as your contact Phone Person." },
      ],
    });
  });

  test("are merged: empty fields are filled, filled ones kept; undo reverts only what is unchanged since", async () => {
    const member = await createSignedInMember();
    const adaId = await existing(member);
    const id = await upload(member, "dupes.csv", csv);
    await confirm(member, id, (await preview(member, id)).preview!.mapping, "merge");
    let contacts = await contactsOf(member.id);
    expect(contacts).toHaveLength(3);
    const ada = contacts.find((contact) => contact.id === adaId)!;
    expect(ada).toMatchObject({ name: "Ada Existing", company: "Engines Ltd", occupation: "Countess", industry: "Computing" });
    expect(contacts.find((contact) => contact.name === "Phone Person")).toMatchObject({ company: "Phone Co", country: "CA" });
    expect((await preview(member, id)).summary).toMatchObject({ counts: { imported: 1, updated: 2, skipped: 0, rejected: 0 } });

    // The member changes one merged field; undo keeps that one.
    await db.updateTable("contacts").set({ company: "Ada's Own Co" }).where("id", "=", adaId).execute();
    const response = await settle(() => undoAction(routeArgs(postRequest(`/user/contacts/import/${id}/undo`, { csrf: "x" }, member.cookie), { importId: id })));
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Import of dupes.csv undone." });
    contacts = await contactsOf(member.id);
    expect(contacts.map((contact) => contact.name)).toEqual(["Ada Existing", "Phone Person"]);
    expect(contacts[0]).toMatchObject({ company: "Ada's Own Co", occupation: "Countess" });
    expect(contacts[1]).toMatchObject({ company: null, country: null });
  });

  test("within the file: a later row merges into the earlier one", async () => {
    const member = await createSignedInMember();
    const id = await upload(member, "twice.csv", "Name,E-mail,Company\nAda,ada@example.com,\nAda L.,ada@example.com,Engines\nAda,ada@example.com,Other\n");
    await confirm(member, id, ["name", "email", "company"], "merge");
    const contacts = await contactsOf(member.id);
    expect(contacts.map((contact) => [contact.name, contact.company])).toEqual([["Ada", "Engines"]]);
    expect((await preview(member, id)).summary).toMatchObject({
      counts: { imported: 1, updated: 1, skipped: 1 },
      problems: [{ line: 4, reason: "Skipped: same e-mail as line 2, and nothing new to add." }],
    });
  });
});

describe("undo", () => {
  test("asks first, removes the created contacts (edited or not), and cannot run twice", async () => {
    const member = await createSignedInMember();
    await createContact(member.id, { ...blank, name: "Kept" });
    const id = await upload(member, "people.vcf", "BEGIN:VCARD\nFN:Ada\nEND:VCARD\nBEGIN:VCARD\nFN:Grace\nEND:VCARD\n");
    const mapping = (await preview(member, id)).preview!.mapping;
    await confirm(member, id, mapping);
    expect(await contactsOf(member.id)).toHaveLength(3);
    await db.updateTable("contacts").set({ occupation: "Edited after" }).where("name", "=", "Grace").execute();

    const ask = await settle(() => undoLoader(routeArgs(getRequest(`/user/contacts/import/${id}/undo`, member.cookie), { importId: id })));
    expect(await ask.json()).toMatchObject({ fileName: "people.vcf", imported: 2 });
    expect(await undoImport(member.id, Number(id))).toBe(true);
    expect((await contactsOf(member.id)).map((contact) => contact.name)).toEqual(["Kept"]);
    expect(await undoImport(member.id, Number(id))).toBe(false);
    const again = await settle(() => undoLoader(routeArgs(getRequest(`/user/contacts/import/${id}/undo`, member.cookie), { importId: id })));
    expect(again.status).toBe(302);
    expect((await preview(member, id)).summary).toMatchObject({ counts: { imported: 2 } });
  });
});

describe("undo and files", () => {
  test("deletes the files the removed contacts owned: profile image, documents, business cards", async () => {
    const member = await createSignedInMember();
    const id = await upload(member, "one.vcf", "BEGIN:VCARD\nFN:Ada\nEND:VCARD\n");
    await confirm(member, id, (await preview(member, id)).preview!.mapping);
    const file = async (kind: string) => {
      const { id: fileId } = await db
        .insertInto("files")
        .values({
          token: `t-${kind}-${Math.random()}`,
          owner_id: member.id,
          kind,
          original_name: `${kind}.bin`,
          media_type: "application/octet-stream",
          size: 1,
          width: null,
          height: null,
          storage_key: `missing/${kind}`,
          thumbnail_key: null,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return fileId;
    };
    const contactId = (await db.selectFrom("contacts").select("id").where("owner_id", "=", member.id).executeTakeFirstOrThrow()).id;
    await db
      .updateTable("contacts")
      .set({ profile_image_id: await file("contact_profile_image") })
      .where("id", "=", contactId)
      .execute();
    await db
      .insertInto("contact_files")
      .values({ contact_id: contactId, file_id: await file("contact_document"), kind: "document", created_at: new Date().toISOString() })
      .execute();
    await db
      .insertInto("business_cards")
      .values({
        contact_id: contactId,
        original_file_id: await file("business_card"),
        cropped_file_id: await file("business_card"),
        crop_x: 0,
        crop_y: 0,
        crop_width: 3,
        crop_height: 2,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", member.id).execute()).toHaveLength(4);

    expect(await undoImport(member.id, Number(id))).toBe(true);
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", member.id).execute()).toEqual([]);
  });
});

describe("another member", () => {
  test("gets 404 for someone else's import: preview, confirm, undo", async () => {
    const owner = await createSignedInMember();
    const intruder = await createSignedInMember();
    const id = await upload(owner, "mine.csv", "Name,E-mail\nAda,ada@example.com\n");
    const params = { importId: id };
    const tries = [
      () => previewLoader(routeArgs(getRequest(`/user/contacts/import/${id}`, intruder.cookie), params)),
      () => confirmAction(routeArgs(postRequest(`/user/contacts/import/${id}`, confirmFields(["name", "email"]), intruder.cookie), params)),
      () => undoLoader(routeArgs(getRequest(`/user/contacts/import/${id}/undo`, intruder.cookie), params)),
      () => undoAction(routeArgs(postRequest(`/user/contacts/import/${id}/undo`, { csrf: "x" }, intruder.cookie), params)),
      () => previewLoader(routeArgs(getRequest(`/user/contacts/import/abc`, intruder.cookie), { importId: "abc" })),
    ];
    for (const attempt of tries) expect((await settle(attempt)).status).toBe(404);
    expect(await contactsOf(intruder.id)).toHaveLength(0);

    await confirm(owner, id, ["name", "email"]);
    expect((await settle(tries[3])).status).toBe(404);
    expect(await contactsOf(owner.id)).toHaveLength(1);
    // The intruder's list of imports does not show it.
    const page = await settle(() => uploadLoader(routeArgs(getRequest("/user/contacts/import", intruder.cookie))));
    expect(((await page.json()) as { imports: unknown[] }).imports).toHaveLength(0);
  });
});
